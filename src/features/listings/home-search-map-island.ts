import { defineIsland } from '~/features/islands/define-island'
import { HOME_SEARCH_MAP_ISLAND, HomeSearchMap } from './home-search-map'

/** The map of the home search's map view, its list beside it the server's HTML, as an island (decision 051). */
export const homeSearchMapIsland = defineIsland(HOME_SEARCH_MAP_ISLAND, HomeSearchMap)
