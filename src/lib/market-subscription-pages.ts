import { oneOf, searchSchema, text, type SearchOutput } from './search-params'

/*
 * The monthly market e-mail's pages and form actions (issue 27 item 5): under a realtor,
 * `market-alerts/subscribed` (where the subscribe form lands without JavaScript),
 * `market-alerts/confirm?token=` (the confirmation link) and `market-alerts/unsubscribe?token=`
 * (the link in every report). Per visitor, never stored, never indexed. Isomorphic, without zod.
 */

export const MARKET_ALERTS_SEGMENT = 'market-alerts'

export const MARKET_ALERT_PAGES = {
  subscribed: `${MARKET_ALERTS_SEGMENT}/subscribed`,
  confirm: `${MARKET_ALERTS_SEGMENT}/confirm`,
  unsubscribe: `${MARKET_ALERTS_SEGMENT}/unsubscribe`,
} as const

/** Where the forms post (JSON with scripts, a plain form without; src/server/http/market-subscription-forms.ts). */
export const MARKET_SUBSCRIPTION_ACTIONS = {
  subscribe: '/cozying-api/v1/market-subscriptions',
  confirm: '/cozying-api/v1/market-subscriptions/confirm',
  unsubscribe: '/cozying-api/v1/market-subscriptions/unsubscribe',
} as const

/** The query of these pages: the link's token, and what a form posted without JavaScript came back with. */
export const marketAlertPageSearchSchema = searchSchema({
  token: text({ max: 300 }),
  done: oneOf(['confirmed', 'unsubscribed']),
  failed: text({ max: 200 }),
  status: oneOf(['sent']),
  back: text({ max: 500 }),
})
export type MarketAlertPageSearch = SearchOutput<typeof marketAlertPageSearchSchema>
