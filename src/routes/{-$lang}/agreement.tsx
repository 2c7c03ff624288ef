import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AgreementPage } from '~/features/agreement/agreement-page'
import { IslandsPage } from '~/features/islands/island'
import { staticPageHead } from '~/features/pages/page-head'
import { islandsPage } from '~/lib/page-scripts'

export const Route = createFileRoute('/{-$lang}/agreement')({
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/agreement',
      title: msg`Terms of use and privacy notice`,
      description: msg`How messages sent through a realtor's contact form are handled, and your rights.`,
    }),
  // Text and links; the header's account menu is its one island (decision 051).
  headers: islandsPage,
  component: AgreementRoute,
})

function AgreementRoute() {
  return (
    <IslandsPage>
      <AgreementPage />
    </IslandsPage>
  )
}
