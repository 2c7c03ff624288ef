import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { realtorStatusHead } from '~/features/homepage/realtor-status-route'
import { noPageScripts } from '~/lib/page-scripts'
import { SellerStatusPage } from '~/features/seller-leads/seller-status-page'
import { langFromParam } from '~/lib/lang'
import { formStatusSearchSchema } from '~/lib/form-status'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

/** Where "Get a personal valuation" lands when it was posted without scripts (issue 27 item 2). */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/valuation-request')({
  validateSearch: formStatusSearchSchema,
  head: realtorStatusHead({
    path: 'valuation-request',
    title: msg`Valuation request`,
    description: msg`Your request for a personal valuation and what happens next.`,
  }),
  // Nothing on it needs code: sent without the app's scripts (decision 051).
  headers: noPageScripts,
  component: SellerStatusRoute,
})

function SellerStatusRoute() {
  const search = Route.useSearch()
  const { lang, desiredUrl } = Route.useParams()
  return (
    <RealtorStatusFrame>
      <SellerStatusPage search={search} lang={langFromParam(lang)} desiredUrl={desiredUrl} />
    </RealtorStatusFrame>
  )
}
