import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '~/features/auth/reset-password-page'
import { resetPasswordSearchSchema } from '~/features/auth/sign-in-flow'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/login/reset')({
  validateSearch: resetPasswordSearchSchema,
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/login/reset',
      title: msg`Choose a new password`,
      description: msg`Set a new password for your account.`,
      noindex: true,
    }),
  component: function ResetPasswordRoute() {
    const { lang } = Route.useParams()
    return <ResetPasswordPage lang={langFromParam(lang)} search={Route.useSearch()} />
  },
})
