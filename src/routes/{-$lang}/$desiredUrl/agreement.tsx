import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { staticPageHead } from '~/features/pages/page-head'
import { AgreementPage } from '~/features/agreement/agreement-page'
import { IslandsPage } from '~/features/islands/island'
import { langFromParam } from '~/lib/lang'
import { islandsPage } from '~/lib/page-scripts'
import { realtorDisplayName } from '~/lib/realtor-names'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/agreement')({
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/agreement`,
      title: msg`Terms of use and privacy notice`,
      description: msg`How messages sent through a realtor's contact form are handled, and your rights.`,
      noindex: false,
    }),
  // Text and links; the header's account menu is its one island (decision 051).
  headers: islandsPage,
  component: RealtorAgreementRoute,
})

/** The notice under a realtor's address names that realtor as the one who receives the message. */
function RealtorAgreementRoute() {
  const { realtor } = Route.useRouteContext()
  const { lang } = Route.useParams()
  return (
    <IslandsPage>
      <AgreementPage realtorName={realtorDisplayName(realtor, langFromParam(lang))} />
    </IslandsPage>
  )
}
