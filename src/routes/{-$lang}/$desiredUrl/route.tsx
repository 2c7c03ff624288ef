import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import { loadRealtorNotFoundPage, RealtorNotFoundPageOnDemand } from '~/features/homepage/realtor-not-found-loader'
import { NotFoundPage } from '~/features/shell/error-page'
import { useLang } from '~/i18n/use-lang'
import { IslandsPage } from '~/features/islands/island'
import { langFromParam } from '~/lib/lang'
import { islandsPage } from '~/lib/page-scripts'
import { parseDesiredUrlParams } from '~/lib/route-params'
import { publicRealtorQuery } from '~/queries/realtor'
import { siteSectionsQuery } from '~/queries/site'

/*
 * Everything under /{desiredUrl}. Reserved words never match (params.parse returns false),
 * and a page renders only once a realtor with an id has loaded; otherwise a real 404 (the
 * platform's page: there is no realtor's site to stay in). Any other path or page not found
 * under a published site is that realtor's 404 (issue 51 item 2).
 */
export const Route = createFileRoute('/{-$lang}/$desiredUrl')({
  params: { parse: parseDesiredUrlParams },
  beforeLoad: async ({ context, params }) => {
    if (import.meta.env.SSR) await loadRealtorNotFoundPage()
    const realtor = await context.queryClient.ensureQueryData(publicRealtorQuery(params.desiredUrl))
    if (!realtor?.id) throw notFound({ routeId: rootRouteId })
    return { realtor }
  },
  // The site header's optional links (issue 51 item 1), beside the page's own loader; a homepage
  // not published has no visitor pages to link.
  loader: async ({ context, params }) => {
    if (context.realtor.isMakeHomepage !== 'Y') return
    await context.queryClient.ensureQueryData(siteSectionsQuery(params.desiredUrl, langFromParam(params.lang)))
  },
  // Its not-found page is plain HTML and links (the header's menu is the islands runtime's, decision
  // 051): sent with the islands runtime rather than the app's scripts. Its pages send their own.
  // A not-found it answers is `notFound` (thrown by a page) or `_notFound` (a path no route has).
  headers: ({ match }) => ((match.status === 'notFound' || match._notFound === true) && match.context.realtor.isMakeHomepage === 'Y' ? islandsPage() : {}),
  notFoundComponent: RealtorNotFound,
})

function RealtorNotFound() {
  const { realtor } = Route.useRouteContext()
  const lang = useLang()
  // A homepage not published has no site to stay in.
  if (realtor.isMakeHomepage !== 'Y') return <NotFoundPage />
  return (
    <IslandsPage>
      <RealtorNotFoundPageOnDemand realtor={realtor} lang={lang} />
    </IslandsPage>
  )
}
