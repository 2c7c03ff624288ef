import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { MessagePage } from '~/schemas/inbox'
import { adminKeys } from './admin'
import { directoryKeys } from './directory'
import { inboxKeys } from './inbox'
import { realtorKeys } from './realtor'
import { sessionKeys } from './session'

/*
 * What each kind of change makes stale, in one place, so a mutation invalidates exactly
 * those keys. Apart from the domain files so a visitor's page, which reads realtors, does
 * not load the workspace's server functions with it.
 */

/**
 * What a created, saved, published or deleted realtor changes: its public entries and
 * address checks, the directory that lists it, the admin's list, and the session (which
 * names the account's own homepage and address). A deleted realtor's inbox goes too.
 * `adminList: 'mark'` leaves the admin's list on screen as it is until its next search or
 * page (a refetch would move the changed row to the top under the admin's pointer).
 */
export async function invalidateRealtor(queryClient: QueryClient, change: { id: string; deleted?: boolean }, options: { adminList?: 'refetch' | 'mark' } = {}) {
  if (change.deleted) queryClient.removeQueries({ queryKey: inboxKeys.realtor(change.id) })
  await Promise.all([
    ...[realtorKeys.all, directoryKeys.all, sessionKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({ queryKey: adminKeys.realtors(), refetchType: options.adminList === 'mark' ? 'none' : 'active' }),
  ])
}

/**
 * What signing in or out changes: which realtor the account owns and may edit, and the
 * workspace's private data. Public data (homes, directory, site) is the same for everyone and
 * stays. On sign-out the inbox and the admin's lists are dropped, not just marked stale: a
 * shared computer must not show the last account's messages from the cache. The session entry
 * itself is set by the caller, which knows the new one.
 */
export async function invalidateAccount(queryClient: QueryClient, change: { signedOut: boolean; refetch: boolean }) {
  if (change.signedOut) {
    for (const queryKey of [inboxKeys.all, adminKeys.all]) queryClient.removeQueries({ queryKey })
  }
  const refetchType = change.refetch ? 'active' : 'none'
  await Promise.all([realtorKeys.all, inboxKeys.all, adminKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType })))
}

/**
 * What deleting a message changes: the realtor's inbox (its pages and counts). The message
 * leaves the cached pages at once, so it is not on screen while the list is fetched again.
 */
export async function invalidateDeletedMessage(queryClient: QueryClient, change: { realtorId: string; id: string }) {
  queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: inboxKeys.messages(change.realtorId) }, (current) =>
    current
      ? { ...current, pages: current.pages.map((page) => ({ ...page, messages: page.messages.filter((message) => message.id !== change.id) })) }
      : current,
  )
  await queryClient.invalidateQueries({ queryKey: inboxKeys.realtor(change.realtorId) })
}
