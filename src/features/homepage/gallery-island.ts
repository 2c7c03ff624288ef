import { z } from 'zod'
import { defineIsland } from '~/features/islands/define-island'
import { Gallery } from './gallery'

/** The gallery's photo viewer as an island (decision 051). */
export const galleryIsland = defineIsland(
  'gallery',
  Gallery,
  z.object({
    items: z.array(z.object({ full: z.string(), thumbnail: z.string(), srcSet: z.string().optional() })),
    name: z.string(),
  }),
)
