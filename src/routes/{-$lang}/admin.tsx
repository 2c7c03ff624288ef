import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { PageHeading, PageShell } from '~/features/shell/page-shell'
import { requireSession } from '~/features/auth/guards'
import { staticPageHead } from '~/features/pages/page-head'
import { ListingSourcesPanel } from '~/features/platform-admin/listing-sources'
import { MailOutboxPanel } from '~/features/platform-admin/mail-outbox'
import { PlatformAdminPanel } from '~/features/platform-admin/platform-admin-panel'
import { langFromParam, langParam, localizedPath } from '~/lib/lang'

/*
 * /admin: a platform admin sees every realtor; a realtor goes to their own editor, and an
 * account without a homepage to the onboarding.
 */
export const Route = createFileRoute('/{-$lang}/admin')({
  beforeLoad: async ({ context, params, location }) => {
    const lang = langFromParam(params.lang)
    const session = await requireSession(context.queryClient, lang, localizedPath(lang, location.pathname) + location.searchStr)
    if (!session.isAdmin) {
      if (session.realtor) {
        throw redirect({ to: '/{-$lang}/$desiredUrl/admin', params: { lang: langParam(lang), desiredUrl: session.realtor.desiredUrl } })
      }
      throw redirect({ to: '/{-$lang}/process', params: { lang: langParam(lang) } })
    }
    return { session }
  },
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/admin',
      title: msg`Platform admin`,
      description: msg`All realtors and their homepages.`,
      noindex: true,
    }),
  component: AdminRoute,
})

function AdminRoute() {
  const { session } = Route.useRouteContext()
  const { lang } = Route.useParams()
  return (
    <PageShell>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading>
          <Trans>Platform admin</Trans>
        </PageHeading>
        {session.realtor ? (
          <Link
            to="/{-$lang}/$desiredUrl/admin"
            params={{ lang, desiredUrl: session.realtor.desiredUrl }}
            className="font-medium text-blue-800 underline underline-offset-4 dark:text-blue-300"
          >
            <Trans>Edit my own homepage</Trans>
          </Link>
        ) : null}
      </div>
      <div className="mt-8">
        <ListingSourcesPanel lang={langFromParam(lang)} />
        <MailOutboxPanel lang={langFromParam(lang)} />
        <PlatformAdminPanel lang={langFromParam(lang)} />
      </div>
    </PageShell>
  )
}
