import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { staticPageHead } from '~/features/pages/page-head'
import { LoginPage } from '~/features/pages/placeholder-pages'

import { loginSearchSchema } from '~/schemas/navigation'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/login/')({
  validateSearch: loginSearchSchema,
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/login`,
      title: msg`Sign in`,
      description: msg`Sign in to edit your homepage and read your messages.`,
      noindex: true,
    }),
  component: LoginPage,
})
