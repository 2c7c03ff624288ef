import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { CmaReportPage } from '~/features/cma/cma-report-page'
import { staticPageHead } from '~/features/pages/page-head'
import { isCmaTokenSegment } from '~/lib/cma-paths'
import { langFromParam } from '~/lib/lang'
import { noPageScripts } from '~/lib/page-scripts'
import { sharedCmaQuery } from '~/queries/cma'

/*
 * A CMA's share link (issue 53), e.g. `/en/sora-park/cma/{token}`: the report in the page's
 * language, stored by the page store like the site's other pages and sent without scripts. A
 * token unknown, revoked, expired or of another realtor is the site's own 404: nothing says a
 * report was ever there. Kept out of every index, and its links send no referrer (the token is
 * the whole authority to read it).
 */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/cma/$token')({
  loader: async ({ context, params }) => {
    if (!isCmaTokenSegment(params.token)) throw notFound()
    const report = await context.queryClient.ensureQueryData(sharedCmaQuery(params.token, langFromParam(params.lang)))
    if (!report || report.realtor.desiredUrl.toLowerCase() !== params.desiredUrl.toLowerCase()) throw notFound()
  },
  head: ({ match, params }) => {
    const head = staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      realtor: match.context.realtor,
      path: `/${params.desiredUrl}/cma/${params.token}`,
      title: msg`Comparative market analysis`,
      description: msg`A comparative market analysis prepared by your realtor.`,
      noindex: true,
    })
    return { ...head, meta: [...head.meta, { name: 'referrer', content: 'no-referrer' }] }
  },
  // Nothing on it needs code (decision 051); its not-found is the site's, sent as that page is.
  // Stored like the site's other pages: a CMA's writes (share, revoke, change, delete) move its
  // realtor's page revision and purge the CDN, and a link's end is a time it depends on (decision 075).
  headers: ({ match }) => (match.status === 'notFound' ? {} : noPageScripts()),
  component: SharedCmaRoute,
})

function SharedCmaRoute() {
  const { lang, token } = Route.useParams()
  const { data: report } = useSuspenseQuery(sharedCmaQuery(token, langFromParam(lang)))
  if (!report) return null
  return <CmaReportPage report={report} lang={langFromParam(lang)} />
}
