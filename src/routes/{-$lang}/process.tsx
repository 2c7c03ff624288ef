import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { PageShell } from '~/features/shell/page-shell'
import { requireSession } from '~/features/auth/guards'
import { OnboardingWizard } from '~/features/onboarding/onboarding-wizard'
import { ONBOARDING_STEP_COUNT } from '~/features/onboarding/step-count'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam, langParam, localizedPath } from '~/lib/lang'
import { searchSchema, wholeNumber } from '~/lib/search-params'

export const Route = createFileRoute('/{-$lang}/process')({
  validateSearch: searchSchema({ step: wholeNumber({ min: 1, max: ONBOARDING_STEP_COUNT }) }),
  beforeLoad: async ({ context, params, location }) => {
    const lang = langFromParam(params.lang)
    const session = await requireSession(context.queryClient, lang, localizedPath(lang, location.pathname) + location.searchStr)
    // One homepage per account (admins may make more): the editor is where it is changed.
    if (session.realtor && !session.isAdmin) {
      throw redirect({ to: '/{-$lang}/$desiredUrl/admin', params: { lang: langParam(lang), desiredUrl: session.realtor.desiredUrl } })
    }
    return { session }
  },
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/process',
      title: msg`Create your homepage`,
      description: msg`Create your bilingual homepage step by step.`,
      noindex: true,
    }),
  component: ProcessRoute,
})

function ProcessRoute() {
  const { session } = Route.useRouteContext()
  const { lang } = Route.useParams()
  const { step } = Route.useSearch()
  return (
    <PageShell>
      <OnboardingWizard lang={langFromParam(lang)} step={step ?? 1} user={{ id: session.user.id, email: session.user.email }} />
    </PageShell>
  )
}
