import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { staticPageHead } from '~/features/pages/page-head'
import { MarketConfirmPage } from '~/features/market-subscriptions/market-alert-pages'
import { readMarketConfirmPage } from '~/functions/market-subscriptions.functions'
import { langFromParam } from '~/lib/lang'
import { marketAlertPageSearchSchema } from '~/lib/market-subscription-pages'

/** The confirmation link of a market report subscription (issue 27 item 5): shows a Confirm button, confirms nothing by itself. Per visitor, never stored, never indexed. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/market-alerts/confirm')({
  validateSearch: marketAlertPageSearchSchema,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ deps }) => readMarketConfirmPage({ data: { token: deps.token ?? '' } }),
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/market-alerts/confirm`,
      title: msg`Confirm your monthly market report`,
      description: msg`Confirm the monthly market report of a city.`,
      noindex: true,
    }),
  component: MarketLinkRoute,
})

function MarketLinkRoute() {
  const lookup = Route.useLoaderData()
  const search = Route.useSearch()
  const { lang, desiredUrl } = Route.useParams()
  return <MarketConfirmPage lookup={lookup} search={search} lang={langFromParam(lang)} desiredUrl={desiredUrl} />
}
