import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { marketListHead } from '~/features/market/market-head'
import { MarketListPage } from '~/features/market/market-list-page'
import { langFromParam } from '~/lib/lang'
import { IslandsPage } from '~/features/islands/island'
import { noPageScriptsUnlessTagged } from '~/lib/page-scripts'
import { marketCitiesQuery } from '~/queries/market'

/** A realtor's market reports (issue 27): the cities of their region with figures. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/market/')({
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, params }) => {
    const cities = await context.queryClient.ensureQueryData(marketCitiesQuery(params.desiredUrl))
    if (!cities) throw notFound()
  },
  head: ({ match, params }) => marketListHead(match.context.realtor, langFromParam(params.lang), match.context.site),
  // Links and figures only: sent without the app's scripts unless the realtor's analytics asks consent, an island then (decision 051).
  headers: ({ match }) => noPageScriptsUnlessTagged(match.context.realtor),
  component: MarketListRoute,
})

function MarketListRoute() {
  const { realtor } = Route.useRouteContext()
  const { lang, desiredUrl } = Route.useParams()
  const { data: cities } = useSuspenseQuery(marketCitiesQuery(desiredUrl))
  return (
    <IslandsPage>
      <MarketListPage realtor={realtor} lang={langFromParam(lang)} cities={cities ?? []} />
    </IslandsPage>
  )
}
