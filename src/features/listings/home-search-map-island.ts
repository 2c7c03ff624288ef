import { defineIsland } from '~/features/islands/define-island'
import { HomeSearchMap } from './home-search-map'

/** The home search with its map open, as an island (decision 051). */
export const homeSearchMapIsland = defineIsland('home-search-map', HomeSearchMap)
