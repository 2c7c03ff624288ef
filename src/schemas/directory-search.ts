import { oneOf, searchSchema, text, wholeNumber, type SearchOutput } from '~/lib/search-params'
import { REGION_STATES } from '~/lib/region-states'

/**
 * The directory page's filters as URL search params (`/realtors?state=CA&city=Irvine`). Bad
 * values fall back to "no filter" rather than an error page. Also what the page store keys a
 * directory page by (decision 009), so both read the URL the same way.
 */
export const directorySearchSchema = searchSchema({
  state: oneOf(REGION_STATES),
  city: text({ trim: true, min: 1, max: 80 }),
  page: wholeNumber({ min: 1, max: 10_000 }),
})
export type DirectorySearch = SearchOutput<typeof directorySearchSchema>
