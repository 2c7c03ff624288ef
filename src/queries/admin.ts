import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminListingSources, adminListRealtors, adminMailOutbox } from '~/functions/admin.functions'

/** The platform admin's list of every realtor. */
export const adminKeys = {
  all: ['admin'] as const,
  realtors: () => [...adminKeys.all, 'realtors'] as const,
  listingSources: () => [...adminKeys.all, 'listing-sources'] as const,
  mailOutbox: () => [...adminKeys.all, 'mail-outbox'] as const,
}

/** One page of the list; the previous page stays on screen while the next loads. */
export function adminRealtorsQuery(query: { q: string; page: number }) {
  return queryOptions({
    queryKey: [...adminKeys.realtors(), query],
    queryFn: () => adminListRealtors({ data: query }),
    placeholderData: keepPreviousData,
  })
}

/** Each listing source's freshness; asked again when the admin comes back to the tab. */
export function adminListingSourcesQuery() {
  return queryOptions({
    queryKey: adminKeys.listingSources(),
    queryFn: () => adminListingSources(),
  })
}

/** Undelivered mail of both outboxes; asked again when the admin comes back to the tab. */
export function adminMailOutboxQuery() {
  return queryOptions({
    queryKey: adminKeys.mailOutbox(),
    queryFn: () => adminMailOutbox(),
  })
}
