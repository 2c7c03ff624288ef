import * as z from 'zod/mini'

/*
 * The props of the home search's map island (`HomeSearchMap`): read by the browser's registry
 * from the page, and by the island itself from each page it swaps in (its list's homes and the
 * map's first area). zod's mini build, as every island's props (island-registry.ts).
 */

const whole = z.int()

export const homeSearchMapProps = z.object({
  lang: z.enum(['ko', 'en']),
  desiredUrl: z.string(),
  search: z.object({
    region: z.optional(whole),
    type: z.optional(z.enum(['sale', 'rent'])),
    minPrice: z.optional(whole),
    maxPrice: z.optional(whole),
    minBeds: z.optional(whole),
    page: z.optional(whole),
    bbox: z.optional(z.string()),
    view: z.optional(z.literal('map')),
    propertyType: z.optional(z.enum(['any', 'single_family', 'condo', 'townhouse', 'multi_family', 'land'])),
    minBaths: z.optional(whole),
    minSize: z.optional(whole),
    maxSize: z.optional(whole),
    postalCode: z.optional(z.string()),
    q: z.optional(z.string()),
    sort: z.optional(z.enum(['newest', 'price_asc', 'price_desc', 'size_asc', 'size_desc'])),
  }),
  view: z.string(),
  homes: z.array(z.object({ homeId: z.string(), photo: z.nullable(z.string()), address: z.string() })),
  map: z.object({ styleUrl: z.string(), attribution: z.nullable(z.string()), thirdPartyHost: z.nullable(z.string()) }),
})
