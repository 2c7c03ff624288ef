import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminListRealtors } from '~/functions/admin.functions'

/** The platform admin's list of every realtor. */
export const adminKeys = {
  all: ['admin'] as const,
  realtors: () => [...adminKeys.all, 'realtors'] as const,
}

/** One page of the list; the previous page stays on screen while the next loads. */
export function adminRealtorsQuery(query: { q: string; page: number }) {
  return queryOptions({
    queryKey: [...adminKeys.realtors(), query],
    queryFn: () => adminListRealtors({ data: query }),
    placeholderData: keepPreviousData,
  })
}
