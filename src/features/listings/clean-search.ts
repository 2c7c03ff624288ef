import type { HomeSearch } from '~/schemas/listing-search'

/** Drops empty values so shared URLs stay short: `?type=rent&minBeds=2`. */
export function cleanSearch(search: HomeSearch): HomeSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== 0))
}
