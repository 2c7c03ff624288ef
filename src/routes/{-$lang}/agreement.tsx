import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AgreementPage } from '~/features/agreement/agreement-page'
import { staticPageHead } from '~/features/pages/page-head'

export const Route = createFileRoute('/{-$lang}/agreement')({
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/agreement',
      title: msg`Terms of use and privacy notice`,
      description: msg`How messages sent through a realtor's contact form are handled, and your rights.`,
    }),
  component: AgreementPage,
})
