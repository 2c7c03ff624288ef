/*
 * The seller form (issue 27 item 2): where the home-value page's "Get a personal valuation" form
 * posts, and where it lands when it was posted without JavaScript (its search: src/lib/form-status.ts).
 */

/** Where the seller form posts (JSON with scripts, a plain form without). */
export const SELLER_LEAD_ACTION = '/cozying-api/v1/seller-leads'

/** The status page's path under a realtor. */
export const SELLER_STATUS_PAGE = 'valuation-request'
