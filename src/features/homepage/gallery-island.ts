import { defineIsland } from '~/features/islands/define-island'
import { Gallery } from './gallery'

/** The gallery's photo viewer as an island (decision 051). */
export const galleryIsland = defineIsland('gallery', Gallery)
