import { bboxText, oneOf, searchSchema, text, wholeNumber, type SearchField, type SearchOutput } from '~/lib/search-params'

/*
 * The homepage's listing filters as URL search params (issue 6): `?type=rent&maxPrice=3000&page=2`.
 * A bad or empty value falls back to "no filter" instead of an error page, because these
 * URLs are shared and typed by hand. Checked without zod, as every route's search params
 * (`~/lib/search-params`): the route tree is part of every page's first download.
 */

function wholeNumberOrAny(max: number): SearchField<number> {
  const field = wholeNumber({ min: 0, max })
  // An empty select ("any") arrives as 0 from a form without JavaScript.
  return (value) => {
    const number = field(value)
    return number === 0 ? undefined : number
  }
}

const listingSearchFields = {
  /** Which of the realtor's activity regions; the first when absent. */
  region: wholeNumberOrAny(19),
  type: oneOf(['sale', 'rent']),
  minPrice: wholeNumberOrAny(1_000_000_000),
  maxPrice: wholeNumberOrAny(1_000_000_000),
  minBeds: wholeNumberOrAny(20),
  page: wholeNumberOrAny(500),
}

export const listingSearchSchema = searchSchema(listingSearchFields)
export type ListingSearch = SearchOutput<typeof listingSearchSchema>

/** The search page's property types: every kind when absent (issue 51 item 3), as `any` says to the API. */
export const SEARCH_PROPERTY_TYPES = ['any', 'single_family', 'condo', 'townhouse', 'multi_family', 'land'] as const
export const SEARCH_SORTS = ['newest', 'price_asc', 'price_desc', 'size_asc', 'size_desc'] as const

/**
 * The search page's further filters (issue 51 item 3), after the others so that the page store's
 * keys of the searches made before them stay as they were. The bounds are the API's (src/schemas/home.ts).
 */
function homeSearchMoreFields() {
  return {
    propertyType: oneOf(SEARCH_PROPERTY_TYPES),
    minBaths: wholeNumberOrAny(20),
    minSize: wholeNumberOrAny(100_000),
    maxSize: wholeNumberOrAny(100_000),
    postalCode: text({ max: 5, trim: true, pattern: /^\d{5}$/ }),
    q: text({ min: 1, max: 100, trim: true }),
    sort: oneOf(SEARCH_SORTS),
    /** A market report's new listings (decision 065): came on the market in the last N days, whatever their status now. */
    listedWithinDays: wholeNumberOrAny(365),
    /** A market report's price reductions (decision 065): `true` alone, as the router reads `?priceReduced=true`. */
    priceReduced: (value: unknown) => (value === true || value === 'true' ? true : undefined),
  }
}

/**
 * The full search page's params (issue 29): the homepage's filters, the map's area (which then
 * takes the place of the region's city) and whether the map is open, so a map view can be shared
 * and the back button returns to the view before.
 */
export const homeSearchSchema = searchSchema({
  ...listingSearchFields,
  bbox: bboxText(),
  view: oneOf(['map']),
  ...homeSearchMoreFields(),
})
export type HomeSearch = SearchOutput<typeof homeSearchSchema>

/** Homes per page and per group on a homepage: three rows of the card grid, six pages. */
export const HOMEPAGE_HOMES_PER_PAGE = 9
export const HOMEPAGE_HOMES_PER_GROUP = 54

/**
 * Homes per page and per group on the full search page: twice the homepage's per page, as a buyer
 * scans many homes at once there; a group as large as the API allows, so the page counts a city's
 * homes up to 500 and a market report's count links to a search that says the same (decision 065).
 */
export const HOME_SEARCH_LIST = { perPage: 18, group: 500 }
