import { infiniteQueryOptions } from '@tanstack/react-query'
import { listMyTourRequests } from '~/functions/tours.functions'

/** A realtor's tour requests: `['tours', realtorId, {...}]`. */
export const tourKeys = {
  all: ['tours'] as const,
  realtor: (realtorId: string) => [...tourKeys.all, realtorId] as const,
}

/** The inbox's tour requests, newest first, a page at a time. */
export function tourRequestsQuery(realtorId: string, options: { limit?: number } = {}) {
  return infiniteQueryOptions({
    queryKey: [...tourKeys.realtor(realtorId), options],
    queryFn: ({ pageParam }) => listMyTourRequests({ data: { realtorId, cursor: pageParam === '' ? undefined : pageParam, limit: options.limit } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
