import { createServerFn } from '@tanstack/react-start'
import { marketSubscriptionTokenSchema, type MarketSubscriptionView } from '~/schemas/market-subscriptions'
import { lookupByLink, parseWith, type LinkLookup } from '~/server/http/server-fn'
import { readMarketConfirmLink, readMarketUnsubscribeLink } from '~/server/market-subscriptions/subscriptions'
import { getServices } from '~/server/process-services'

/*
 * The visitor's market report pages (issue 27 item 5): what a link from their mail names. A bad
 * or expired link is an answer the page shows (its message id), not an error page.
 */

export type MarketSubscriptionLookup = LinkLookup<MarketSubscriptionView>

export const readMarketConfirmPage = createServerFn({ method: 'GET' })
  .validator(parseWith(marketSubscriptionTokenSchema))
  .handler(async ({ data }) => lookupByLink(async () => readMarketConfirmLink(await getServices(), data)))

export const readMarketUnsubscribePage = createServerFn({ method: 'GET' })
  .validator(parseWith(marketSubscriptionTokenSchema))
  .handler(async ({ data }) => lookupByLink(async () => readMarketUnsubscribeLink(await getServices(), data)))
