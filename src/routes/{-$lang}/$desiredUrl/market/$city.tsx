import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { marketReportHead } from '~/features/market/market-head'
import { MarketReportPage } from '~/features/market/market-report-page'
import { IslandsPage } from '~/features/islands/island'
import { langFromParam } from '~/lib/lang'
import { islandsPage } from '~/lib/page-scripts'
import { marketReportQuery } from '~/queries/market'

/** One city's market report (issue 27 item 4), e.g. `/en/sora-park/market/irvine-ca`. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/market/$city')({
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, params }) => {
    const found = await context.queryClient.ensureQueryData(marketReportQuery(params.desiredUrl, params.city))
    if (!found) throw notFound()
  },
  head: ({ match, params }) => {
    const found = match.context.queryClient.getQueryData(marketReportQuery(params.desiredUrl, params.city).queryKey)
    return found ? marketReportHead(match.context.realtor, langFromParam(params.lang), match.context.site, found.report) : {}
  },
  // Sent with the islands runtime (decision 051): the subscription form is its one island.
  headers: islandsPage,
  component: MarketReportRoute,
})

function MarketReportRoute() {
  const { realtor } = Route.useRouteContext()
  const { lang, desiredUrl, city } = Route.useParams()
  const { data: found } = useSuspenseQuery(marketReportQuery(desiredUrl, city))
  if (!found) return null
  return (
    <IslandsPage>
      <MarketReportPage realtor={realtor} lang={langFromParam(lang)} report={found.report} cities={found.cities} />
    </IslandsPage>
  )
}
