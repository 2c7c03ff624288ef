import { queryOptions } from '@tanstack/react-query'
import { fetchDraftTranslationStatus } from '~/functions/translation.functions'

/** Whether the editors' translate buttons are shown: `['draft-translation']`. */
export function draftTranslationStatusQuery() {
  return queryOptions({
    queryKey: ['draft-translation'] as const,
    queryFn: () => fetchDraftTranslationStatus(),
    // The provider is set at the server's start: one answer serves the whole visit to the workspace.
    staleTime: Infinity,
  })
}
