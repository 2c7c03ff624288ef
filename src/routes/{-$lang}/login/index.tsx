import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '~/features/auth/sign-in-page'
import { authProvidersQuery } from '~/queries/session'
import { signInPageSearchSchema } from '~/features/auth/sign-in-flow'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/login/')({
  validateSearch: signInPageSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(authProvidersQuery()),
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/login',
      title: msg`Sign in`,
      description: msg`Sign in to edit your homepage and read your messages.`,
      noindex: true,
    }),
  component: function LoginRoute() {
    const { lang } = Route.useParams()
    return <SignInPage lang={langFromParam(lang)} search={Route.useSearch()} />
  },
})
