import { defineIsland } from '~/features/islands/define-island'
import { StandaloneListingFilters } from './listing-filters'

/** The homepage's listing filters as an island (decision 051). */
export const listingFiltersIsland = defineIsland('listing-filters', StandaloneListingFilters)
