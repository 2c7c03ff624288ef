import { CURRENT_CONSENT, isSameSitePath } from '~/lib/consent'
import type { Lang } from '~/lib/lang'
import { orderedPriceRange, searchedArea } from '~/lib/listing-area'
import type { SavedSearchFilters } from '~/lib/saved-search-words'
import type { ListingSearch } from '~/schemas/listing-search'
import type { ActivityRegion } from '~/schemas/realtor'

/*
 * What "Save this search" saves (issue 13), from what the visitor is looking at: the
 * homepage's listing filters, or a listing's own area, type, price and bedrooms. Without zod:
 * the homepage and listing pages import it. Only types come from the schemas.
 */

type Region = Pick<ActivityRegion, 'state' | 'city'>

/**
 * The homepage's search as a saved search: the region the listings show (the first when the
 * index is out of range, as the listings do), sale unless rent was chosen, reversed price
 * bounds read the way the listings read them. Null without a region: there is nothing to save.
 */
export function homepageSearchFilters(regions: ReadonlyArray<Region>, search: ListingSearch): SavedSearchFilters | null {
  const region = searchedArea(regions, search.region)
  if (!region) return null
  const { minPrice, maxPrice } = orderedPriceRange(search)
  return {
    state: region.state,
    city: region.city,
    listingType: search.type ?? 'sale',
    minPrice: minPrice ?? null,
    maxPrice: maxPrice ?? null,
    minBeds: search.minBeds ?? null,
    minBaths: null,
  }
}

/** How far either side of a listing's price its band reaches. */
export const PRICE_BAND_SHARE = 0.15

/** A round step for a band's edges: $10,000 for a house, $1,000 for a cheap lot, $50 for a rent. */
function priceStep(price: number): number {
  if (price >= 100_000) return 10_000
  if (price >= 10_000) return 1_000
  return 50
}

/** ±15 % around a price, rounded outwards to a round step: $850,000 → $720,000 – $980,000. */
export function priceBand(price: number): { minPrice: number | null; maxPrice: number | null } {
  if (!Number.isFinite(price) || price <= 0) return { minPrice: null, maxPrice: null }
  const step = priceStep(price)
  const low = Math.floor((price * (1 - PRICE_BAND_SHARE)) / step) * step
  const high = Math.ceil((price * (1 + PRICE_BAND_SHARE)) / step) * step
  return { minPrice: low > 0 ? low : null, maxPrice: high }
}

/**
 * Homes like this listing: its area (in the realtor's own spelling, since the server only
 * takes the realtor's regions), its type, a band around its price and at least its bedrooms.
 * Null when the listing is outside the realtor's regions: the server would refuse the area.
 */
export function listingSearchFilters(
  regions: ReadonlyArray<Region>,
  home: { state: string; city: string; type: 'sale' | 'rent'; price: number; beds: number | null },
): SavedSearchFilters | null {
  const region = regions.find((item) => item.state.toUpperCase() === home.state.toUpperCase() && item.city.toLowerCase() === home.city.trim().toLowerCase())
  if (!region) return null
  const beds = home.beds !== null && home.beds > 0 ? Math.min(Math.floor(home.beds), 20) : null
  return { state: region.state, city: region.city, listingType: home.type, ...priceBand(home.price), minBeds: beds, minBaths: null }
}

/**
 * The form's hidden fields, as `POST /saved-searches` reads them (a form posted without scripts
 * sends every value as a string, '' for "any"): the realtor, the search, the consent shown and
 * the page it was shown on.
 */
export function saveSearchHiddenValues(options: { realtorId: string; lang: Lang; filters: SavedSearchFilters; consentPage: string }): Array<[string, string]> {
  const { filters } = options
  const number = (value: number | null) => (value === null ? '' : String(value))
  return [
    ['realtorId', options.realtorId],
    ['lang', options.lang],
    ['state', filters.state],
    ['city', filters.city],
    ['type', filters.listingType ?? ''],
    ['minPrice', number(filters.minPrice)],
    ['maxPrice', number(filters.maxPrice)],
    ['minBeds', number(filters.minBeds)],
    ['minBaths', number(filters.minBaths)],
    ['sort', 'newest'],
    ['consentVersion', CURRENT_CONSENT.savedSearch],
    ['consentPage', isSameSitePath(options.consentPage) ? options.consentPage : ''],
  ]
}
