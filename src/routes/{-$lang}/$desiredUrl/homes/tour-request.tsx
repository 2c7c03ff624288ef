import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { realtorStatusHead } from '~/features/homepage/realtor-status-route'
import { noPageScripts } from '~/lib/page-scripts'
import { TourStatusPage } from '~/features/tours/tour-status-page'
import { TourReceiptDetails } from '~/features/tours/tour-receipt'
import { readMyTourReceipt } from '~/functions/tours.functions'
import { langFromParam } from '~/lib/lang'
import { formStatusSearchSchema } from '~/lib/form-status'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

/** Where "Request a tour" lands when it was posted without scripts (issue 26 item 4), with the times asked for (issue 51 item 5). */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/homes/tour-request')({
  validateSearch: formStatusSearchSchema,
  loaderDeps: ({ search }) => ({ receipt: search.status === 'sent' ? search.receipt : undefined }),
  loader: ({ deps, params }) => (deps.receipt ? readMyTourReceipt({ data: { id: deps.receipt, lang: langFromParam(params.lang) } }) : null),
  head: realtorStatusHead({ path: 'homes/tour-request', title: msg`Tour request`, description: msg`Your tour request and what happens next.` }),
  // Nothing on it needs code: sent without the app's scripts (decision 051).
  headers: noPageScripts,
  component: TourStatusRoute,
})

function TourStatusRoute() {
  const search = Route.useSearch()
  const receipt = Route.useLoaderData()
  const { lang: langParam, desiredUrl } = Route.useParams()
  const lang = langFromParam(langParam)
  return (
    <RealtorStatusFrame>
      <TourStatusPage search={search} lang={lang} desiredUrl={desiredUrl} sentDetails={receipt ? <TourReceiptDetails receipt={receipt} lang={lang} /> : null} />
    </RealtorStatusFrame>
  )
}
