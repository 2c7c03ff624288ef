import { defineIsland } from '~/features/islands/define-island'
import { SaveSearchForm } from './save-search-form'

/** "Save this search" as an island of the homepage's listings (decision 051). */
export const saveSearchIsland = defineIsland('save-search', SaveSearchForm)
