import { env, type Env } from '~/server/config/env'
import type { MapSetup } from '~/lib/map-setup'

/** The settings the map reads; tests give their own. */
export type MapSettings = Pick<Env, 'MAP_STYLE_URL' | 'MAP_ATTRIBUTION' | 'MAP_EXTRA_ORIGINS' | 'PUBLIC_URL' | 'S3_PUBLIC_BASE_URL'>

/** Origins of our own: this site, its public address and the photo storage. A style there is ours. */
function ourOrigins(requestOrigin: string, settings: MapSettings): Set<string> {
  const origins = new Set([requestOrigin])
  for (const url of [settings.PUBLIC_URL, settings.S3_PUBLIC_BASE_URL]) if (url) origins.add(new URL(url).origin)
  return origins
}

/** The map this request's pages offer, or null when no style is configured. */
export function mapSetupFor(requestOrigin: string, settings: MapSettings = env()): MapSetup | null {
  if (!settings.MAP_STYLE_URL) return null
  const style = new URL(settings.MAP_STYLE_URL, requestOrigin)
  const ours = ourOrigins(requestOrigin, settings)
  const thirdParty = [style.origin, ...settings.MAP_EXTRA_ORIGINS].find((origin) => !ours.has(origin))
  return {
    styleUrl: style.href,
    attribution: settings.MAP_ATTRIBUTION ?? null,
    thirdPartyHost: thirdParty ? new URL(thirdParty).host : null,
  }
}

/**
 * What the pages add to their Content-Security-Policy for the map: the style's origin and the
 * extra hosts it names, for the style, tiles, glyphs, sprites and PMTiles byte ranges the map
 * fetches. Nothing when no map is configured, nor for a style on this very site.
 */
export function mapPolicyOrigins(requestOrigin: string, settings: MapSettings = env()): Array<string> {
  if (!settings.MAP_STYLE_URL) return []
  const style = new URL(settings.MAP_STYLE_URL, requestOrigin)
  return [...new Set([style.origin, ...settings.MAP_EXTRA_ORIGINS])].filter((origin) => origin !== requestOrigin)
}
