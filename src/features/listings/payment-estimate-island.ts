import { defineIsland } from '~/features/islands/define-island'
import { PaymentEstimate } from './payment-estimate'

/** A listing's monthly payment estimate as an island (decision 051). */
export const paymentEstimateIsland = defineIsland('payment-estimate', PaymentEstimate)
