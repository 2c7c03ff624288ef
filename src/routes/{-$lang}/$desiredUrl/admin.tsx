import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ForbiddenPage } from '~/features/shell/forbidden-page'
import { PageShell } from '~/features/shell/page-shell'
import { requireSession } from '~/features/auth/guards'
import { EditorPage } from '~/features/editor/editor-page'
import { staticPageHead } from '~/features/pages/page-head'
import { ownRealtorQuery } from '~/queries/realtor'
import { editAccessByUrlQuery } from '~/queries/session'
import { langFromParam, localizedPath } from '~/lib/lang'
import { oneOf, searchSchema, text } from '~/lib/search-params'
import { markResponseStatus } from '~/lib/response-status'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/admin')({
  validateSearch: searchSchema({
    tab: oneOf(['homepage', 'messages', 'statistics', 'replies', 'open-houses', 'posts', 'cma']),
    view: oneOf(['today', 'leads', 'messages', 'saved-searches', 'tours']),
    // The market analysis tab (issue 53): the CMA open, or the seller lead a new one starts from.
    cma: text({ min: 1, max: 64, pattern: /^[\w-]+$/ }),
    lead: text({ min: 1, max: 64, pattern: /^[\w-]+$/ }),
  }),
  beforeLoad: async ({ context, params, location }) => {
    const lang = langFromParam(params.lang)
    const session = await requireSession(context.queryClient, lang, localizedPath(lang, location.pathname) + location.searchStr)
    const access = await context.queryClient.fetchQuery(editAccessByUrlQuery(params.desiredUrl))
    if (access !== 'allowed') markResponseStatus(403)
    // The owner's whole realtor, not the public one: hidden reviews must reach the form (issue 14).
    const ownRealtor = access === 'allowed' ? await context.queryClient.fetchQuery(ownRealtorQuery(context.realtor.id)) : null
    return { session, canEdit: access === 'allowed', ownRealtor }
  },
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/admin`,
      title: msg`Edit your homepage`,
      description: msg`Edit your homepage, photos, texts and design.`,
      noindex: true,
    }),
  component: EditorRoute,
})

function EditorRoute() {
  const { ownRealtor, canEdit, session } = Route.useRouteContext()
  const { lang } = Route.useParams()
  const { tab, view, cma, lead } = Route.useSearch()
  if (!canEdit || !ownRealtor) return <ForbiddenPage />
  return (
    <PageShell>
      <EditorPage
        key={ownRealtor.id}
        realtor={ownRealtor}
        lang={langFromParam(lang)}
        tab={tab ?? 'homepage'}
        inboxView={view ?? 'today'}
        cmaId={cma}
        cmaLeadId={lead}
        accountEmail={session.user.id === ownRealtor.userId ? session.user.email : null}
      />
    </PageShell>
  )
}
