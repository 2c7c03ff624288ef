import { env } from '~/server/config/env'
import type { MapSetup } from '~/lib/map-setup'

/** Origins of our own storage: a style there is as much ours as one on this site. */
function ourOrigins(requestOrigin: string): Set<string> {
  const config = env()
  const origins = new Set([requestOrigin])
  for (const url of [config.PUBLIC_URL, config.S3_PUBLIC_BASE_URL]) if (url) origins.add(new URL(url).origin)
  return origins
}

/** The map this request's pages offer, or null when no style is configured. */
export function mapSetupFor(requestOrigin: string): MapSetup | null {
  const config = env()
  if (!config.MAP_STYLE_URL) return null
  const style = new URL(config.MAP_STYLE_URL, requestOrigin)
  const ours = ourOrigins(requestOrigin)
  const others = [style.origin, ...config.MAP_EXTRA_ORIGINS].filter((origin) => !ours.has(origin))
  return {
    styleUrl: style.href,
    attribution: config.MAP_ATTRIBUTION ?? null,
    thirdPartyHost: others.length > 0 ? new URL(others[0] ?? style.origin).host : null,
  }
}

/**
 * What a page holding a map adds to its Content-Security-Policy: the style's origin and the extra
 * hosts it names, for the style, tiles, glyphs, sprites and PMTiles byte ranges the map fetches.
 * Nothing when no map is configured or the map is served from this site.
 */
export function mapPolicyOrigins(requestOrigin: string): Array<string> {
  const config = env()
  if (!config.MAP_STYLE_URL) return []
  const style = new URL(config.MAP_STYLE_URL, requestOrigin)
  return [...new Set([style.origin, ...config.MAP_EXTRA_ORIGINS])].filter((origin) => origin !== requestOrigin)
}
