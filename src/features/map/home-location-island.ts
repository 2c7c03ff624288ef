import { defineIsland } from '~/features/islands/define-island'
import { HomeLocation } from './home-location'

/** A listing's location map as an island (decision 051); MapLibre still loads only near the screen. */
export const homeLocationIsland = defineIsland('home-location', HomeLocation)
