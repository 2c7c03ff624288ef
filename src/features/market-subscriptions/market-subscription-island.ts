import { defineIsland } from '~/features/islands/define-island'
import { MarketSubscriptionForm } from './market-subscription-form'

/** "Get this report by e-mail every month" as an island of a city's market report (decision 051). */
export const marketSubscriptionIsland = defineIsland('market-subscription', MarketSubscriptionForm)
