/*
 * Addresses of a realtor's market reports (issue 27 item 4): `/{desiredUrl}/market` lists the
 * cities, `/{desiredUrl}/market/{city-state}` is one city's report (`/en/sora-park/market/irvine-ca`).
 * Isomorphic and without zod: the page store's rules and the pages' links share it.
 */

export const MARKET_SEGMENT = 'market'

/** A city's segment: its name in lowercase ASCII words joined by hyphens, then the state (`johns-creek-ga`). */
export function marketCitySlug(city: string, state: string): string {
  const words = city
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${words}-${state.toLowerCase()}`
}

/** What a city segment may look like; the page still has to find the city. */
export function isMarketCitySegment(segment: string): boolean {
  return segment.length <= 120 && /^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/.test(segment)
}

/** The state a city segment names, in capitals (`irvine-ca` → `CA`). */
export function stateOfMarketCitySegment(segment: string): string {
  return segment.slice(-2).toUpperCase()
}

export function marketPath(desiredUrl: string): string {
  return `/${desiredUrl}/${MARKET_SEGMENT}`
}

export function marketCityPath(desiredUrl: string, slug: string): string {
  return `${marketPath(desiredUrl)}/${slug}`
}
