import { createFileRoute } from '@tanstack/react-router'
import { MarketLinkPage } from '~/features/market-subscriptions/market-alert-pages'
import { marketLinkRoute } from '~/features/market-subscriptions/market-link-route'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

// A named object: the route linter orders the options it can see, and reads a spread only by its name.
const confirmLink = marketLinkRoute('confirm')

/** The confirmation link of a market report subscription (issue 27 item 5): shows a Confirm button, confirms nothing by itself. Per visitor, never stored, never indexed. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/market-alerts/confirm')({
  ...confirmLink,
  component: MarketConfirmRoute,
})

function MarketConfirmRoute() {
  return (
    <RealtorStatusFrame>
      <MarketLinkPage kind="confirm" lookup={Route.useLoaderData()} search={Route.useSearch()} params={Route.useParams()} />
    </RealtorStatusFrame>
  )
}
