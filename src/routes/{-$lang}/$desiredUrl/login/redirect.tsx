import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { signInRedirectSearchSchema } from '~/features/auth/sign-in-flow'
import { SignInRedirectPage } from '~/features/auth/sign-in-redirect-page'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/login/redirect')({
  validateSearch: signInRedirectSearchSchema,
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/login/redirect`,
      title: msg`Signing you in`,
      description: msg`Completing your sign-in.`,
      noindex: true,
    }),
  component: function RealtorLoginRedirectRoute() {
    const lang = langFromParam(Route.useParams().lang)
    const { realtor } = Route.useRouteContext()
    return <SignInRedirectPage lang={lang} search={Route.useSearch()} homepage={realtor.desiredUrl} />
  },
})
