import { z } from 'zod'
import { langSchema } from '~/schemas/lang'
import { savedSearchFiltersSchema } from '~/schemas/saved-search'
import { hydratable, type HydratableIsland } from './define-island'
import type { IslandName } from './island-names'

/*
 * Each island's code, loaded by name when the runtime hydrates it (decision 051), with the
 * schema of its props. Browser-only: a page of the app imports the islands' definitions, never
 * this file, so their schemas stay out of its first download. Every name is here (the record's
 * type says so), and `hydratable` checks each schema against its component's props.
 */

const listingType = z.enum(['sale', 'rent'])

const contactFormIslandProps = z.object({
  realtorId: z.string(),
  realtorName: z.string(),
  desiredUrl: z.string(),
  lang: langSchema,
  listingKey: z.string().optional(),
  initialMessage: z.string().optional(),
})

const galleryIslandProps = z.object({
  items: z.array(z.object({ full: z.string(), thumbnail: z.string(), srcSet: z.string().optional() })),
  name: z.string(),
})

const videoIslandProps = z.object({ videoId: z.string(), title: z.string(), poster: z.string().optional() })

const saveSearchIslandProps = z.object({
  realtorId: z.string(),
  realtorName: z.string(),
  desiredUrl: z.string(),
  lang: langSchema,
  filters: savedSearchFiltersSchema.omit({ sort: true }),
  testId: z.string().optional(),
})

const listingFiltersIslandProps = z.object({
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
})

export const islandLoaders: Record<IslandName, () => Promise<HydratableIsland>> = {
  'contact-form': () => import('~/features/homepage/contact-form-island').then((module) => hydratable(module.contactFormIsland, contactFormIslandProps)),
  gallery: () => import('~/features/homepage/gallery-island').then((module) => hydratable(module.galleryIsland, galleryIslandProps)),
  video: () => import('~/features/homepage/video-island').then((module) => hydratable(module.videoIsland, videoIslandProps)),
  'save-search': () => import('~/features/saved-searches/save-search-island').then((module) => hydratable(module.saveSearchIsland, saveSearchIslandProps)),
  'listing-filters': () =>
    import('~/features/listings/listing-filters-island').then((module) => hydratable(module.listingFiltersIsland, listingFiltersIslandProps)),
}
