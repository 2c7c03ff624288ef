import { oneOf, searchSchema, text, type SearchOutput } from './search-params'

/*
 * The tour request's status page (issue 26 item 4): where the listing page's form lands when it
 * was posted without JavaScript. Checked without zod like every route's search.
 */
export const tourStatusSearchSchema = searchSchema({
  status: oneOf(['sent']),
  failed: text({ max: 200 }),
  back: text({ max: 500 }),
})
export type TourStatusSearch = SearchOutput<typeof tourStatusSearchSchema>

/** Where the tour form posts (JSON with scripts, a plain form without). */
export const TOUR_REQUEST_ACTION = '/cozying-api/v1/tour-requests'

/** The status page's path under a realtor: a static word beside `homes/$listingKey`, never a listing key. */
export const TOUR_STATUS_PAGE = 'homes/tour-request'
