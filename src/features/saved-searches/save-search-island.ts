import { z } from 'zod'
import { defineIsland } from '~/features/islands/define-island'
import { langSchema } from '~/schemas/lang'
import { savedSearchFiltersSchema } from '~/schemas/saved-search'
import { SaveSearchForm } from './save-search-form'

/** "Save this search" as an island of the homepage's listings (decision 051). */
export const saveSearchIsland = defineIsland(
  'save-search',
  SaveSearchForm,
  z.object({
    realtorId: z.string(),
    realtorName: z.string(),
    desiredUrl: z.string(),
    lang: langSchema,
    filters: savedSearchFiltersSchema.omit({ sort: true }),
    testId: z.string().optional(),
  }),
)
