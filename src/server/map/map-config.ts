import { env, type Env } from '~/server/config/env'
import type { MapSetup } from '~/lib/map-setup'

/**
 * The map a new install offers (issue 51 item 4, decision 062): OpenFreeMap's "Liberty" style of
 * OpenStreetMap data. No key, no account, no cookies, commercial use allowed; the style, its
 * tiles, glyphs and sprites all come from this one origin, and its TileJSON carries the credit
 * OpenStreetMap's licence asks for, which MapLibre shows. `MAP_STYLE_URL` replaces it; `off`
 * turns the map off.
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

/** The settings the map reads; tests give their own. */
export type MapSettings = Pick<Env, 'MAP_STYLE_URL' | 'MAP_ATTRIBUTION' | 'MAP_EXTRA_ORIGINS' | 'PUBLIC_URL' | 'S3_PUBLIC_BASE_URL'>

/** The style the pages load, absolute; null when the operator turned the map off. */
function styleOf(requestOrigin: string, settings: MapSettings): URL | null {
  if (settings.MAP_STYLE_URL === 'off') return null
  return new URL(settings.MAP_STYLE_URL ?? DEFAULT_MAP_STYLE_URL, requestOrigin)
}

/** Origins of our own: this site, its public address and the photo storage. A style there is ours. */
function ourOrigins(requestOrigin: string, settings: MapSettings): Set<string> {
  const origins = new Set([requestOrigin])
  for (const url of [settings.PUBLIC_URL, settings.S3_PUBLIC_BASE_URL]) if (url) origins.add(new URL(url).origin)
  return origins
}

/** The map this request's pages offer, or null when the operator turned it off. */
export function mapSetupFor(requestOrigin: string, settings: MapSettings = env()): MapSetup | null {
  const style = styleOf(requestOrigin, settings)
  if (!style) return null
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
 * fetches. Nothing when the map is off, nor for a style on this very site.
 */
export function mapPolicyOrigins(requestOrigin: string, settings: MapSettings = env()): Array<string> {
  const style = styleOf(requestOrigin, settings)
  if (!style) return []
  return [...new Set([style.origin, ...settings.MAP_EXTRA_ORIGINS])].filter((origin) => origin !== requestOrigin)
}
