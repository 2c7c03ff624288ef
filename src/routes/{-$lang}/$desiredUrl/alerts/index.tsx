import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ManageAlertPage } from '~/features/saved-searches/alert-pages'
import { readManageLink } from '~/functions/saved-searches.functions'
import { realtorStatusHead } from '~/features/homepage/realtor-status-route'
import { noPageScripts } from '~/lib/page-scripts'
import { langFromParam } from '~/lib/lang'
import { alertPageSearchSchema } from '~/lib/saved-search-pages'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

/** A visitor's saved search, from the manage link in their mail (issue 13): per visitor, never stored, never indexed. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/alerts/')({
  validateSearch: alertPageSearchSchema,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ deps }) => (deps.token ? readManageLink({ data: { token: deps.token } }) : undefined),
  head: realtorStatusHead({ path: 'alerts', title: msg`Your saved search`, description: msg`Change or stop the e-mail alerts of a saved search.` }),
  // Nothing on it needs code: sent without the app's scripts (decision 051).
  headers: noPageScripts,
  component: ManageAlertRoute,
})

function ManageAlertRoute() {
  const lookup = Route.useLoaderData()
  const search = Route.useSearch()
  const { lang, desiredUrl } = Route.useParams()
  return (
    <RealtorStatusFrame>
      <ManageAlertPage lookup={lookup} search={search} lang={langFromParam(lang)} desiredUrl={desiredUrl} />
    </RealtorStatusFrame>
  )
}
