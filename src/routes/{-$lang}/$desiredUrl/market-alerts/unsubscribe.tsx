import { createFileRoute } from '@tanstack/react-router'
import { MarketLinkPage } from '~/features/market-subscriptions/market-alert-pages'
import { marketLinkRoute } from '~/features/market-subscriptions/market-link-route'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

// A named object: the route linter orders the options it can see, and reads a spread only by its name.
const unsubscribeLink = marketLinkRoute('unsubscribe')

/** The unsubscribe link of every market report (issue 27 item 5): shows an Unsubscribe button, unsubscribes nothing by itself. Per visitor, never stored, never indexed. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/market-alerts/unsubscribe')({
  ...unsubscribeLink,
  component: MarketUnsubscribeRoute,
})

function MarketUnsubscribeRoute() {
  return (
    <RealtorStatusFrame>
      <MarketLinkPage kind="unsubscribe" lookup={Route.useLoaderData()} search={Route.useSearch()} params={Route.useParams()} />
    </RealtorStatusFrame>
  )
}
