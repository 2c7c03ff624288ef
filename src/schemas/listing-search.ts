import { z } from 'zod/mini'

/*
 * The homepage's listing filters as URL search params (issue 6): `?type=rent&maxPrice=3000&page=2`.
 * A bad or empty value falls back to "no filter" instead of an error page, because these
 * URLs are shared and typed by hand. zod/mini keeps this schema small in the page's bundle.
 */

const wholeNumber = (max: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.coerce.number().check(z.int(), z.minimum(0), z.maximum(max)),
        // An empty select ("any") arrives as 0 from a form without JavaScript.
        z.transform((value: number) => (value === 0 ? undefined : value)),
      ),
    ),
    undefined,
  )

export const listingSearchSchema = z.object({
  /** Which of the realtor's activity regions; the first when absent. */
  region: wholeNumber(19),
  type: z.catch(z.optional(z.enum(['sale', 'rent'])), undefined),
  minPrice: wholeNumber(1_000_000_000),
  maxPrice: wholeNumber(1_000_000_000),
  minBeds: wholeNumber(20),
  page: wholeNumber(500),
})
export type ListingSearch = z.output<typeof listingSearchSchema>

/** Homes per page and per group on a homepage: three rows of the card grid, six pages. */
export const HOMEPAGE_HOMES_PER_PAGE = 9
export const HOMEPAGE_HOMES_PER_GROUP = 54
