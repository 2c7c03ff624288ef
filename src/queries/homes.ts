import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { getHomeForPage, getHomeList } from '~/functions/homes.functions'
import type { HomePageRequest, homeListQuerySchema } from '~/schemas/home'

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
