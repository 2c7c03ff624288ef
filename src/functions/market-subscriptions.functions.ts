import { createServerFn } from '@tanstack/react-start'
import { marketSubscriptionTokenSchema, type MarketSubscriptionView } from '~/schemas/market-subscriptions'
import { isAppError } from '~/server/app-error'
import { parseWith } from '~/server/http/server-fn'
import { readMarketConfirmLink, readMarketUnsubscribeLink } from '~/server/market-subscriptions/subscriptions'
import { getServices } from '~/server/process-services'

/*
 * The visitor's market report pages (issue 27 item 5): what a link from their mail names. A bad
 * or expired link is an answer the page shows (its message id), not an error page.
 */

export type MarketSubscriptionLookup = { ok: true; view: MarketSubscriptionView } | { ok: false; message: string }

async function lookup(read: () => Promise<MarketSubscriptionView>): Promise<MarketSubscriptionLookup> {
  try {
    return { ok: true, view: await read() }
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, message: error.descriptor.id }
    throw error
  }
}

export const readMarketConfirmPage = createServerFn({ method: 'GET' })
  .validator(parseWith(marketSubscriptionTokenSchema))
  .handler(async ({ data }) => lookup(async () => readMarketConfirmLink(await getServices(), data)))

export const readMarketUnsubscribePage = createServerFn({ method: 'GET' })
  .validator(parseWith(marketSubscriptionTokenSchema))
  .handler(async ({ data }) => lookup(async () => readMarketUnsubscribeLink(await getServices(), data)))
