/*
 * The contact form (spec §3/§7): where it posts, and where it lands when it was posted without
 * JavaScript (its search: src/lib/form-status.ts).
 */

/** Where the contact form posts (JSON with scripts, a plain form without). */
export const CONTACT_ACTION = '/cozying-api/v1/realtor-contacts'

/** The status page's path under a realtor. */
export const CONTACT_STATUS_PAGE = 'contact-message'
