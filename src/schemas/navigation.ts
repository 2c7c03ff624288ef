import { searchSchema, text } from '~/lib/search-params'

/**
 * Where to go after sign-in: a path on this site only (never `//host` or a full URL), so a
 * crafted link cannot send someone elsewhere. A search param, so checked without zod
 * (`~/lib/search-params`).
 */
export const localRedirect = text({ max: 500, pattern: /^\/(?!\/)[^\s\\]*$/ })

export const loginSearchFields = { redirect: localRedirect }

export const loginSearchSchema = searchSchema(loginSearchFields)
