import { oneOf, searchSchema, text, type SearchOutput } from './search-params'

/*
 * The seller form's status page (issue 27 item 2): where the home-value page's "Get a personal
 * valuation" form lands when it was posted without JavaScript. Checked without zod like every
 * route's search.
 */
export const sellerStatusSearchSchema = searchSchema({
  status: oneOf(['sent']),
  failed: text({ max: 200 }),
  back: text({ max: 500 }),
})
export type SellerStatusSearch = SearchOutput<typeof sellerStatusSearchSchema>

/** Where the seller form posts (JSON with scripts, a plain form without). */
export const SELLER_LEAD_ACTION = '/cozying-api/v1/seller-leads'

/** The status page's path under a realtor. */
export const SELLER_STATUS_PAGE = 'valuation-request'
