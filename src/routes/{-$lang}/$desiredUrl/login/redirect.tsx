import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { staticPageHead } from '~/features/pages/page-head'
import { LoginRedirectPage } from '~/features/pages/placeholder-pages'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/login/redirect')({
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/login/redirect`,
      title: msg`Signing you in`,
      description: msg`Completing your sign-in.`,
      noindex: true,
    }),
  component: LoginRedirectPage,
})
