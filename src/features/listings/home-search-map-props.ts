import { z } from 'zod'
import { REGION_STATES } from '~/lib/region-states'
import { homeListPageSchema } from '~/schemas/home'

/*
 * The props of the home search's map island (`HomeSearchMap`), for the browser's registry only.
 * The whole of zod, not its mini build: the list is the `home/list` answer, whose schema is the
 * API's own, and the island brings zod anyway (it checks every answer with that schema); it
 * loads only on the map's page, with MapLibre, after the page's load.
 */

const whole = z.number().int()

export const homeSearchMapProps = z.object({
  realtor: z.object({
    id: z.string(),
    name: z.string(),
    desiredUrl: z.string(),
    regions: z.array(z.object({ state: z.enum(REGION_STATES), city: z.string(), neighborhood: z.string().nullable() })),
  }),
  lang: z.enum(['ko', 'en']),
  search: z.object({
    region: whole.optional(),
    type: z.enum(['sale', 'rent']).optional(),
    minPrice: whole.optional(),
    maxPrice: whole.optional(),
    minBeds: whole.optional(),
    page: whole.optional(),
    bbox: z.string().optional(),
    view: z.literal('map').optional(),
  }),
  pricesCleared: z.boolean(),
  list: homeListPageSchema,
  map: z.object({ styleUrl: z.string(), attribution: z.string().nullable(), thirdPartyHost: z.string().nullable() }),
})
