import { defineIsland } from '~/features/islands/define-island'
import { HomeValueTool } from './home-value-tool'

/** The home-value form and its answer as an island (decision 051). */
export const homeValueIsland = defineIsland('home-value', HomeValueTool)
