import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import { RealtorNotFoundPage } from '~/features/homepage/realtor-not-found-page'
import { NotFoundPage } from '~/features/shell/error-page'
import { useLang } from '~/i18n/use-lang'
import { langFromParam } from '~/lib/lang'
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
  notFoundComponent: RealtorNotFound,
})

function RealtorNotFound() {
  const { realtor } = Route.useRouteContext()
  const lang = useLang()
  // A homepage not published has no site to stay in.
  if (realtor.isMakeHomepage !== 'Y') return <NotFoundPage />
  return <RealtorNotFoundPage realtor={realtor} lang={lang} />
}
