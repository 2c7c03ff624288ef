import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '~/features/auth/sign-in-page'
import { signInPageHead } from '~/features/auth/sign-in-head'
import { authProvidersQuery } from '~/queries/session'
import { signInPageSearchSchema } from '~/features/auth/sign-in-flow'
import { realtorDisplayName } from '~/lib/realtor-names'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/login/')({
  validateSearch: signInPageSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(authProvidersQuery()),
  head: ({ match, params }) => signInPageHead({ site: match.context.site, langParam: params.lang, path: `/${params.desiredUrl}/login` }),
  component: function RealtorLoginRoute() {
    const lang = langFromParam(Route.useParams().lang)
    // The parent route has loaded the realtor (or answered 404).
    const { realtor } = Route.useRouteContext()
    return <SignInPage lang={lang} search={Route.useSearch()} homepage={{ desiredUrl: realtor.desiredUrl, name: realtorDisplayName(realtor, lang) }} />
  },
})
