import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SavedAlertPage } from '~/features/saved-searches/alert-pages'
import { realtorStatusHead } from '~/features/homepage/realtor-status-route'
import { noPageScripts } from '~/lib/page-scripts'
import { langFromParam } from '~/lib/lang'
import { alertPageSearchSchema } from '~/lib/saved-search-pages'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

/** Where "Save this search" lands when it was posted without scripts (issue 13). */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/alerts/saved')({
  validateSearch: alertPageSearchSchema,
  head: realtorStatusHead({ path: 'alerts/saved', title: msg`Check your e-mail`, description: msg`Confirm your saved search from the e-mail we sent.` }),
  // Nothing on it needs code: sent without the app's scripts (decision 051).
  headers: noPageScripts,
  component: SavedAlertRoute,
})

function SavedAlertRoute() {
  const search = Route.useSearch()
  const { lang, desiredUrl } = Route.useParams()
  return (
    <RealtorStatusFrame>
      <SavedAlertPage search={search} lang={langFromParam(lang)} desiredUrl={desiredUrl} />
    </RealtorStatusFrame>
  )
}
