import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { getDirectoryCities, getDirectoryPage } from '~/functions/directory.functions'
import type { directoryCitiesQuerySchema, directoryQuerySchema } from '~/schemas/directory'

/*
 * Public pages' data: a route's loader fetches it and the page reads it. `refetchOnMount: false`
 * because the HTML may come from the page store (decision 009), minutes old: hydrating it must
 * not send every visitor's browser back to the server for the same answer.
 */

/** The directory of published homepages (and the landing page's showcase of it). */
export const directoryKeys = {
  all: ['directory'] as const,
}

export function directoryPageQuery(query: z.input<typeof directoryQuerySchema>) {
  return queryOptions({
    queryKey: [...directoryKeys.all, 'page', query],
    queryFn: () => getDirectoryPage({ data: query }),
    refetchOnMount: false,
  })
}

/** The cities the directory's filter offers. */
export function directoryCitiesQuery(query: z.input<typeof directoryCitiesQuerySchema>) {
  return queryOptions({
    queryKey: [...directoryKeys.all, 'cities', query],
    queryFn: () => getDirectoryCities({ data: query }),
    refetchOnMount: false,
  })
}
