import { msg } from '@lingui/core/macro'
import { realtorStatusHead } from '~/features/homepage/realtor-status-route'
import { noPageScripts } from '~/lib/page-scripts'
import { readMarketConfirmPage, readMarketUnsubscribePage } from '~/functions/market-subscriptions.functions'
import { MARKET_ALERT_PAGES, marketAlertPageSearchSchema, type MarketAlertPageSearch } from '~/lib/market-subscription-pages'
import type { MarketLinkKind } from './market-alert-pages'

/*
 * The two routes of a market report's mail links (issue 27 item 5), `market-alerts/confirm` and
 * `market-alerts/unsubscribe`, differ only in their kind: the same search, a look-up of the
 * link's token, and a head that keeps them out of every index (per visitor, never stored).
 */

const READS = { confirm: readMarketConfirmPage, unsubscribe: readMarketUnsubscribePage } as const

const HEADS = {
  confirm: { title: msg`Confirm your monthly market report`, description: msg`Confirm the monthly market report of a city.` },
  unsubscribe: { title: msg`Unsubscribe from the market report`, description: msg`Stop the monthly market report of a city.` },
} as const

/** The options of a link's route but its component, which names its own `Route`. */
export function marketLinkRoute(kind: MarketLinkKind) {
  return {
    validateSearch: marketAlertPageSearchSchema,
    loaderDeps: ({ search }: { search: MarketAlertPageSearch }) => ({ token: search.token }),
    loader: ({ deps }: { deps: { token: string | undefined } }) => READS[kind]({ data: { token: deps.token ?? '' } }),
    head: realtorStatusHead({ path: MARKET_ALERT_PAGES[kind], ...HEADS[kind] }),
    // Nothing on it needs code: sent without the app's scripts (decision 051).
    headers: noPageScripts,
  }
}
