import { queryOptions } from '@tanstack/react-query'
import { getSiteContext, getSiteSections } from '~/functions/site.functions'
import type { Lang } from '~/lib/lang'

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

/** Whether a realtor's site has market reports and posts, for its header; rendered on the server and kept as hydrated. */
export function siteSectionsQuery(desiredUrl: string, lang: Lang) {
  return queryOptions({
    queryKey: [...siteKeys.all, 'sections', desiredUrl.toLowerCase(), lang],
    queryFn: () => getSiteSections({ data: { desiredUrl, lang } }),
    refetchOnMount: false,
  })
}
