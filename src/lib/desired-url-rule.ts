/**
 * Spec §5 slug rule, without zod: the router's `$desiredUrl` params (checked without zod, in
 * every page's first download) and the realtor form's schema (zod, with translated messages)
 * both apply it, so they cannot disagree.
 */
export const DESIRED_URL_PATTERN = /^[A-Za-z_-]+$/
export const DESIRED_URL_MAX_LENGTH = 60
