import { viewBboxText } from '~/lib/bbox'

/*
 * Where a map opens: part of the search page's first download (it decides the map's first view
 * before the map's own code is fetched), so it imports nothing of the map's libraries.
 */

/** The states a realtor serves, whole: where a map opens when no home of the list has a position. */
const STATE_VIEWS: Record<string, string> = {
  CA: '-124.48,32.53,-114.13,42.01',
  GA: '-85.61,30.36,-80.84,35',
}

/**
 * Where the map opens when the URL names no area: around the list's homes (with a margin, so no
 * marker sits on the edge), else the region's whole state.
 */
export function initialMapView(homes: ReadonlyArray<{ latitude: number | null; longitude: number | null }>, state: string | undefined): string | undefined {
  const placed = homes.flatMap((home) => (home.latitude !== null && home.longitude !== null ? [{ latitude: home.latitude, longitude: home.longitude }] : []))
  if (placed.length === 0) return state ? STATE_VIEWS[state] : undefined
  const latitudes = placed.map((home) => home.latitude)
  const longitudes = placed.map((home) => home.longitude)
  const south = Math.min(...latitudes)
  const north = Math.max(...latitudes)
  const west = Math.min(...longitudes)
  const east = Math.max(...longitudes)
  // At least about a kilometre across, so one home does not open the map at street level.
  const margin = Math.max(0.01, (north - south) * 0.15, (east - west) * 0.15)
  return viewBboxText({ west: west - margin, south: south - margin, east: east + margin, north: north + margin })
}
