import { queryOptions } from '@tanstack/react-query'
import { getHomeList } from '~/functions/homes.functions'
import { listMyOpenHouses } from '~/functions/open-houses.functions'
import type { Lang } from '~/lib/lang'
import type { HomeSummary } from '~/schemas/home'
import type { ActivityRegion } from '~/schemas/realtor'

/** A realtor's own upcoming open houses (`['open-houses', realtorId]`), and the open-house form's listing searches. */
export const openHouseKeys = {
  all: ['open-houses'] as const,
  realtor: (realtorId: string) => [...openHouseKeys.all, realtorId] as const,
  listingSearch: (search: ListingSearch) =>
    [
      ...openHouseKeys.all,
      'listing-search',
      search.desiredUrl,
      search.lang,
      search.q,
      search.regions.map((region) => `${region.state}|${region.city}`).join(','),
    ] as const,
}

/** A region the site shows listings of: its state and city are what the search needs. */
export type SiteRegion = Pick<ActivityRegion, 'state' | 'city'>

/** What the open-house form's listing picker searches: the homes a realtor's site shows, by part of an address or number. */
export type ListingSearch = { regions: ReadonlyArray<SiteRegion>; desiredUrl: string; q: string; lang: Lang }

/** Homes per region the picker offers. */
const RESULTS_PER_REGION = 8

export function realtorOpenHousesQuery(realtorId: string) {
  return queryOptions({
    queryKey: openHouseKeys.realtor(realtorId),
    queryFn: () => listMyOpenHouses({ data: { realtorId } }),
  })
}

/** The regions a site shows, once each (a city named twice with two neighborhoods is one search). */
function searchableRegions(regions: ReadonlyArray<SiteRegion>): Array<SiteRegion> {
  const seen = new Map<string, SiteRegion>()
  for (const region of regions) seen.set(`${region.state}|${region.city.toLowerCase()}`, { state: region.state, city: region.city })
  return [...seen.values()]
}

async function searchListings({ regions, desiredUrl, q, lang }: ListingSearch): Promise<Array<HomeSummary>> {
  const pages = await Promise.all(
    searchableRegions(regions).map((region) =>
      getHomeList({
        data: {
          state: region.state,
          city: region.city,
          q,
          propertyType: 'any',
          propertyStatus: 'active,pending,under_contract,coming_soon',
          homesPerPage: RESULTS_PER_REGION,
          totalHomesPerGroup: RESULTS_PER_REGION,
          realtor: desiredUrl,
          lang,
        },
      }),
    ),
  )
  return pages.flatMap((page) => page.homes)
}

/** The homes the open-house form's listing picker offers for what was typed, in each of the site's regions. */
export function openHouseListingSearchQuery(search: ListingSearch) {
  return queryOptions({ queryKey: openHouseKeys.listingSearch(search), queryFn: () => searchListings(search) })
}
