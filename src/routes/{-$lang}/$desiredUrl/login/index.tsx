import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '~/features/auth/sign-in-page'
import { authProvidersQuery } from '~/queries/session'
import { signInPageSearchSchema } from '~/features/auth/sign-in-flow'
import { realtorDisplayName } from '~/features/homepage/realtor-names'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/login/')({
  validateSearch: signInPageSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(authProvidersQuery()),
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/login`,
      title: msg`Sign in`,
      description: msg`Sign in to edit your homepage and read your messages.`,
      noindex: true,
    }),
  component: function RealtorLoginRoute() {
    const lang = langFromParam(Route.useParams().lang)
    // The parent route has loaded the realtor (or answered 404).
    const { realtor } = Route.useRouteContext()
    return <SignInPage lang={lang} search={Route.useSearch()} homepage={{ desiredUrl: realtor.desiredUrl, name: realtorDisplayName(realtor, lang) }} />
  },
})
