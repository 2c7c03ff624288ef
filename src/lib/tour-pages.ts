/*
 * The tour request's form and status page (issue 26 item 4): where the listing page's form posts,
 * and where it lands when it was posted without JavaScript (its search: src/lib/form-status.ts).
 */

/** The tour form's anchor on a listing's page: its "Request a tour" links open the form there. */
export const TOUR_FORM_ANCHOR = 'tour'

/** Where the tour form posts (JSON with scripts, a plain form without). */
export const TOUR_REQUEST_ACTION = '/cozying-api/v1/tour-requests'

/** The status page's path under a realtor: a static word beside `homes/$listingKey`, never a listing key. */
export const TOUR_STATUS_PAGE = 'homes/tour-request'

/** A sent request's calendar file (its times, or the confirmed one), by the request's id. */
export function tourReceiptCalendarHref(id: string, lang: 'ko' | 'en'): string {
  return `${TOUR_REQUEST_ACTION}/${encodeURIComponent(id)}.ics?lang=${lang}`
}
