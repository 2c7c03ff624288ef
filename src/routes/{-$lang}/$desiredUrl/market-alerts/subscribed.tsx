import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { realtorStatusHead } from '~/features/homepage/realtor-status-route'
import { noPageScripts } from '~/lib/page-scripts'
import { MarketSubscribedPage } from '~/features/market-subscriptions/market-alert-pages'
import { langFromParam } from '~/lib/lang'
import { marketAlertPageSearchSchema } from '~/lib/market-subscription-pages'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

/** Where the market report's subscribe form lands when it was posted without scripts (issue 27 item 5). */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/market-alerts/subscribed')({
  validateSearch: marketAlertPageSearchSchema,
  head: realtorStatusHead({
    path: 'market-alerts/subscribed',
    title: msg`Check your e-mail`,
    description: msg`Confirm your market report subscription from the e-mail we sent.`,
  }),
  // Nothing on it needs code: sent without the app's scripts (decision 051).
  headers: noPageScripts,
  component: MarketSubscribedRoute,
})

function MarketSubscribedRoute() {
  const search = Route.useSearch()
  const { lang, desiredUrl } = Route.useParams()
  return (
    <RealtorStatusFrame>
      <MarketSubscribedPage search={search} lang={langFromParam(lang)} desiredUrl={desiredUrl} />
    </RealtorStatusFrame>
  )
}
