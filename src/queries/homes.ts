import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { getHomeForPage, getHomeList, getSimilarHomes } from '~/functions/homes.functions'
import type { Lang } from '~/lib/lang'
import type { HomePageRequest, homeListQuerySchema, SimilarHomesRequest } from '~/schemas/home'
import { realtorHomeListInput, type RealtorHomeListRequest } from '~/schemas/home-list-input'
import type { PublicRealtor } from '~/schemas/realtor'

/**
 * Listed homes: a homepage's list and a home's detail page. Loaded by the routes; not asked
 * again as a page hydrates (see `src/queries/directory.ts`).
 */
export const homeKeys = {
  all: ['homes'] as const,
}

export function homeListQuery(query: z.input<typeof homeListQuerySchema>) {
  return queryOptions({
    queryKey: [...homeKeys.all, 'list', query],
    queryFn: () => getHomeList({ data: query }),
    refetchOnMount: false,
  })
}

export function homeDetailQuery(request: HomePageRequest) {
  return queryOptions({
    queryKey: [...homeKeys.all, 'detail', request],
    queryFn: () => getHomeForPage({ data: request }),
    refetchOnMount: false,
  })
}

/** Homes like a listing that is gone, for the page that says so on the realtor's site (issue 51 item 2). */
export function similarHomesQuery(request: SimilarHomesRequest) {
  return queryOptions({
    queryKey: [...homeKeys.all, 'similar', request],
    queryFn: () => getSimilarHomes({ data: request }),
    refetchOnMount: false,
  })
}

/**
 * The homes a realtor's page lists for its search params (the homepage's section and the full
 * search page, each with its own page size); null when the realtor names no region.
 */
export function realtorHomeListQuery(realtor: PublicRealtor, search: RealtorHomeListRequest['search'], lang: Lang, size: { perPage: number; group: number }) {
  const input = realtorHomeListInput({ realtor, search, lang, size })
  return input ? homeListQuery(input) : null
}
