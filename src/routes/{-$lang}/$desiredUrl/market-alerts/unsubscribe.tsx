import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { staticPageHead } from '~/features/pages/page-head'
import { MarketUnsubscribePage } from '~/features/market-subscriptions/market-alert-pages'
import { readMarketUnsubscribePage } from '~/functions/market-subscriptions.functions'
import { langFromParam } from '~/lib/lang'
import { marketAlertPageSearchSchema } from '~/lib/market-subscription-pages'

/** The unsubscribe link of every market report (issue 27 item 5): shows an Unsubscribe button, unsubscribes nothing by itself. Per visitor, never stored, never indexed. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/market-alerts/unsubscribe')({
  validateSearch: marketAlertPageSearchSchema,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ deps }) => readMarketUnsubscribePage({ data: { token: deps.token ?? '' } }),
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/market-alerts/unsubscribe`,
      title: msg`Unsubscribe from the market report`,
      description: msg`Stop the monthly market report of a city.`,
      noindex: true,
    }),
  component: MarketLinkRoute,
})

function MarketLinkRoute() {
  const lookup = Route.useLoaderData()
  const search = Route.useSearch()
  const { lang, desiredUrl } = Route.useParams()
  return <MarketUnsubscribePage lookup={lookup} search={search} lang={langFromParam(lang)} desiredUrl={desiredUrl} />
}
