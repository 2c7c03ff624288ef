import { queryOptions } from '@tanstack/react-query'
import { getSiteContext } from '~/functions/site.functions'

export const siteKeys = {
  all: ['site'] as const,
}

/** The deployment a page is served from; it never changes while a tab is open. */
export function siteContextQuery() {
  return queryOptions({
    queryKey: [...siteKeys.all, 'context'],
    queryFn: () => getSiteContext(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
}
