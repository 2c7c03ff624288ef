import type { ReactElement } from 'react'
import type { IslandName } from './island-names'

/** What the browser needs of an island: its element from the props the page carries. */
export type HydratableIsland = { elementFrom: (json: unknown) => ReactElement | undefined }

/**
 * Each island's code, loaded by name when the runtime hydrates it (decision 051). Every name
 * is here (the record's type says so), and each chunk holds one island and what it imports.
 */
export const islandLoaders: Record<IslandName, () => Promise<HydratableIsland>> = {
  'contact-form': () => import('~/features/homepage/contact-form-island').then((module) => module.contactFormIsland),
  gallery: () => import('~/features/homepage/gallery-island').then((module) => module.galleryIsland),
  video: () => import('~/features/homepage/video-island').then((module) => module.videoIsland),
  'save-search': () => import('~/features/saved-searches/save-search-island').then((module) => module.saveSearchIsland),
  'listing-filters': () => import('~/features/listings/listing-filters-island').then((module) => module.listingFiltersIsland),
}
