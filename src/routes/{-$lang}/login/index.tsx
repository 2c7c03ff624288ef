import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '~/features/auth/sign-in-page'
import { signInPageHead } from '~/features/auth/sign-in-head'
import { authProvidersQuery } from '~/queries/session'
import { signInPageSearchSchema } from '~/features/auth/sign-in-flow'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/login/')({
  validateSearch: signInPageSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(authProvidersQuery()),
  head: ({ match, params }) => signInPageHead({ site: match.context.site, langParam: params.lang, path: '/login' }),
  component: function LoginRoute() {
    const { lang } = Route.useParams()
    return <SignInPage lang={langFromParam(lang)} search={Route.useSearch()} />
  },
})
