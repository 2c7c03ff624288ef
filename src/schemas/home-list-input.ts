import type { z } from 'zod'
import { orderedPriceRange, orderedSizeRange, searchedArea } from '~/lib/listing-area'
import type { HomeStatus, homeListQuerySchema } from './home'
import type { regionStateSchema } from './realtor'
import type { HomeSearch, ListingSearch } from './listing-search'

/*
 * The `home/list` query of a realtor's page, apart from the schemas in ./home.ts: the router's
 * loader for every realtor page imports it, and the schemas (with their messages) would come
 * into the app's first download with it.
 */

/**
 * The statuses a market report counts a price reduction in (src/server/market/market-figures.ts):
 * for sale or under contract. The search page's price-reduced list asks for the same, so both say
 * one number (decision 065). Here, not in ./home.ts, for the reason above.
 */
export const PRICE_REDUCTION_STATUSES = ['active', 'pending', 'under_contract'] as const satisfies ReadonlyArray<HomeStatus>

/**
 * The API's filters for a search page that stands for a market report's count (decision 065): its
 * new listings whatever their status now, its price reductions for sale or under contract; nothing
 * otherwise (the API's default, active). The list and the map's points ask the same.
 */
export function marketCountFilters(search: { listedWithinDays?: number | undefined; priceReduced?: true | undefined }): {
  propertyStatus?: string
  listedWithinDays?: number
  priceReduced?: 'true'
} {
  const { listedWithinDays, priceReduced } = search
  if (priceReduced) return { propertyStatus: PRICE_REDUCTION_STATUSES.join(','), priceReduced: 'true', ...(listedWithinDays ? { listedWithinDays } : {}) }
  return listedWithinDays ? { propertyStatus: 'any', listedWithinDays } : {}
}

/** A realtor's page's list of homes, as `home/list` is asked for it: its search, its language and its page size. */
export type RealtorHomeListRequest = {
  realtor: { desiredUrl: string; activityRegion: ReadonlyArray<{ state: z.infer<typeof regionStateSchema>; city: string }> }
  /** The homepage's search, or the search page's with its further filters. */
  search: ListingSearch & Partial<Omit<HomeSearch, keyof ListingSearch | 'view'>>
  lang: 'ko' | 'en'
  size: { perPage: number; group: number }
}

/**
 * What a realtor's page asks of the homes, whatever the area: the list's query and the map's
 * points filter the same way, so the map marks exactly the homes the list pages through.
 */
export function searchedHomeFilters(search: RealtorHomeListRequest['search']) {
  return {
    type: search.type ?? 'sale',
    // A page shows every kind of home unless one is chosen; the API's own default is the spec's single-family.
    propertyType: search.propertyType ?? 'any',
    ...orderedPriceRange(search),
    minBeds: search.minBeds,
    minBaths: search.minBaths,
    ...orderedSizeRange(search),
    postalCode: search.postalCode,
    q: search.q,
    ...marketCountFilters(search),
  }
}

/**
 * The `home/list` query of a realtor's page (the homepage's section, the full search page): the
 * searched region's city, or the map's area in its place; null when the realtor names no region.
 * The router's loader asks it; the map view's island swaps in the server's list instead.
 */
export function realtorHomeListInput({ realtor, search, lang, size }: RealtorHomeListRequest): z.input<typeof homeListQuerySchema> | null {
  const region = searchedArea(realtor.activityRegion, search.region)
  if (!region) return null
  return {
    state: region.state,
    city: region.city,
    ...searchedHomeFilters(search),
    sort: search.sort,
    // A map's area (the full search page) takes the place of the region's city on the server.
    ...(search.bbox ? { bbox: search.bbox } : {}),
    currentPage: search.page ?? 1,
    homesPerPage: size.perPage,
    totalHomesPerGroup: size.group,
    realtor: realtor.desiredUrl,
    lang,
  }
}
