import { defineIsland } from '~/features/islands/define-island'
import { TourRequestSection } from './tour-request-section'

/** A listing's tour request as an island (decision 051); without scripts its form posts as before. */
export const tourRequestIsland = defineIsland('tour-request', TourRequestSection)
