import { z } from 'zod'
import { defineIsland } from '~/features/islands/define-island'
import { StandaloneListingFilters } from './listing-filters'

const listingType = z.enum(['sale', 'rent'])

/** The homepage's listing filters as an island (decision 051). */
export const listingFiltersIsland = defineIsland(
  'listing-filters',
  StandaloneListingFilters,
  z.object({
    search: z.object({
      type: listingType.optional(),
      minPrice: z.number().optional(),
      maxPrice: z.number().optional(),
      minBeds: z.number().optional(),
      bbox: z.string().optional(),
      view: z.literal('map').optional(),
    }),
    regionIndex: z.number().int(),
    narrow: z.boolean(),
    pricesClearedFor: listingType.nullable(),
  }),
)
