import { oneOf, searchSchema, text, type SearchOutput } from './search-params'

/*
 * The query of the visitor's saved-search pages (issue 13), checked without zod like every
 * route's search: the link's token, and what a form posted without JavaScript came back with.
 */
export const alertPageSearchSchema = searchSchema({
  token: text({ max: 300 }),
  done: oneOf(['confirmed', 'frequency', 'unsubscribed', 'deleted']),
  failed: text({ max: 200 }),
  status: oneOf(['sent']),
  back: text({ max: 500 }),
})
export type AlertPageSearch = SearchOutput<typeof alertPageSearchSchema>

/** Where the saved-search forms post when the page has no scripts (src/server/http/saved-search-forms.ts). */
export const SAVED_SEARCH_FORM_ACTIONS = {
  save: '/cozying-api/v1/saved-searches',
  confirm: '/cozying-api/v1/saved-searches/confirm',
  manage: '/cozying-api/v1/saved-searches/manage',
} as const
