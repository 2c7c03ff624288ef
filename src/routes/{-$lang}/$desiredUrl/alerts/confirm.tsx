import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ConfirmAlertPage } from '~/features/saved-searches/alert-pages'
import { readConfirmLink } from '~/functions/saved-searches.functions'
import { realtorStatusHead } from '~/features/homepage/realtor-status-route'
import { noPageScripts } from '~/lib/page-scripts'
import { langFromParam } from '~/lib/lang'
import { alertPageSearchSchema } from '~/lib/saved-search-pages'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

/** The confirmation link of a saved search (issue 13): shows a Confirm button, confirms nothing by itself. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/alerts/confirm')({
  validateSearch: alertPageSearchSchema,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ deps }) => readConfirmLink({ data: { token: deps.token ?? '' } }),
  head: realtorStatusHead({ path: 'alerts/confirm', title: msg`Confirm your e-mail alerts`, description: msg`Confirm the e-mail alerts of a saved search.` }),
  // Nothing on it needs code: sent without the app's scripts (decision 051).
  headers: noPageScripts,
  component: ConfirmAlertRoute,
})

function ConfirmAlertRoute() {
  const lookup = Route.useLoaderData()
  const search = Route.useSearch()
  const { lang, desiredUrl } = Route.useParams()
  return (
    <RealtorStatusFrame>
      <ConfirmAlertPage lookup={lookup} search={search} lang={langFromParam(lang)} desiredUrl={desiredUrl} />
    </RealtorStatusFrame>
  )
}
