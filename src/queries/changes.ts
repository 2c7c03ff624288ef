import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { AdminPublishedResult, AdminRealtorPage } from '~/schemas/admin'
import type { Cma, CmaShare } from '~/schemas/cma/cma'
import type { ContactMessage, ContactStatus, MessagePage } from '~/schemas/inbox'
import type { LeadItem, LeadPage } from '~/schemas/leads'
import type { ReplySettings } from '~/schemas/lead-replies'
import type { SavedSearch, SavedSearchPage } from '~/schemas/saved-search'
import type { SessionInfo } from '~/schemas/session'
import { adminKeys } from './admin'
import { cmaKeys } from './cma'
import { directoryKeys } from './directory'
import { inboxKeys } from './inbox'
import { leadKeys } from './leads'
import { replySettingsKeys } from './lead-replies'
import { openHouseKeys } from './open-houses'
import { postKeys } from './posts'
import { realtorKeys } from './realtor'
import { sessionKeys, sessionQuery } from './session'
import { tourKeys } from './tours'

/*
 * What each kind of change makes stale, in one place, so a mutation invalidates exactly
 * those keys: a feature calls `after<Change>(queryClient, …)` once its change is saved.
 * Apart from the domain files so a visitor's page, which reads realtors, does not load the
 * workspace's server functions with it.
 */

/** One change to every cached page of a list loaded a page at a time. */
function mapPages<TPage, TPageParam>(data: InfiniteData<TPage, TPageParam> | undefined, change: (page: TPage) => TPage) {
  return data ? { ...data, pages: data.pages.map(change) } : data
}

/**
 * What a created, saved, published or deleted realtor changes: its public entries and
 * address checks, the directory that lists it, the admin's list, and the session (which
 * names the account's own homepage and address). A deleted realtor's inbox goes too.
 * `adminList: 'mark'` leaves the admin's list on screen as it is until its next search or
 * page (a refetch would move the changed row to the top under the admin's pointer).
 */
export async function afterRealtorChanged(
  queryClient: QueryClient,
  change: { id: string; deleted?: boolean },
  options: { adminList?: 'refetch' | 'mark' } = {},
) {
  if (change.deleted) queryClient.removeQueries({ queryKey: inboxKeys.realtor(change.id) })
  await Promise.all([
    ...[realtorKeys.all, directoryKeys.all, sessionKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({ queryKey: adminKeys.realtors(), refetchType: options.adminList === 'mark' ? 'none' : 'active' }),
  ])
}

/**
 * What the admin's publish or unpublish changes: the row shows its new state at once in the
 * cached pages, and the rest as any realtor change. The admin's list is marked stale but not
 * refetched now: a refetch would move the row to the top (newest change first) under the
 * admin's pointer and focus. The next search or page is fresh.
 */
export async function afterRealtorPublished(queryClient: QueryClient, result: AdminPublishedResult) {
  queryClient.setQueriesData<AdminRealtorPage>({ queryKey: adminKeys.realtors() }, (current) =>
    current
      ? {
          ...current,
          realtors: current.realtors.map((item) => (item.id === result.id ? { ...item, published: result.published, updatedAt: result.updatedAt } : item)),
        }
      : current,
  )
  await afterRealtorChanged(queryClient, { id: result.id }, { adminList: 'mark' })
}

/**
 * What signing in changes: data fetched as a visitor (owner-only links, guards) is stale,
 * marked so without asking again now; the new session is the one the caller just read.
 */
export async function afterSignedIn(queryClient: QueryClient, session: SessionInfo) {
  await invalidateAccountData(queryClient, { refetch: false })
  queryClient.setQueryData(sessionQuery().queryKey, session)
}

/**
 * What signing out changes: no session, and the inbox and the admin's lists dropped, not just
 * marked stale: a shared computer must not show the last account's messages from the cache.
 */
export async function afterSignedOut(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQuery().queryKey, null)
  for (const queryKey of [inboxKeys.all, adminKeys.all]) queryClient.removeQueries({ queryKey })
  await invalidateAccountData(queryClient, { refetch: true })
}

/**
 * Which realtor the account owns and may edit, and the workspace's private data. Public data
 * (homes, directory, site) is the same for everyone and stays.
 */
async function invalidateAccountData(queryClient: QueryClient, options: { refetch: boolean }) {
  const refetchType = options.refetch ? 'active' : 'none'
  await Promise.all([realtorKeys.all, inboxKeys.all, adminKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType })))
}

/**
 * What deleting a message changes: the realtor's inbox (its pages and counts). The message
 * leaves the cached pages at once, so it is not on screen while the list is fetched again.
 */
export async function afterMessageDeleted(queryClient: QueryClient, change: { realtorId: string; id: string }) {
  queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: inboxKeys.messages(change.realtorId) }, (current) =>
    mapPages(current, (page) => ({ ...page, messages: page.messages.filter((message) => message.id !== change.id) })),
  )
  await queryClient.invalidateQueries({ queryKey: inboxKeys.realtor(change.realtorId) })
}

/** One message, changed in every cached page of the realtor's messages (its row; the counts follow on the next fetch). */
function patchMessage(queryClient: QueryClient, realtorId: string, id: string, change: (message: ContactMessage) => ContactMessage) {
  queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: inboxKeys.messages(realtorId) }, (current) =>
    mapPages(current, (page) => ({ ...page, messages: page.messages.map((message) => (message.id === id ? change(message) : message)) })),
  )
}

/**
 * What marking a message read, unread or handled shows before the server answers: its new
 * status at once. A fetch of the messages under way is cancelled, or it would bring the old back.
 */
export async function whileMessageMarked(queryClient: QueryClient, change: { realtorId: string; id: string; status: ContactStatus }) {
  await queryClient.cancelQueries({ queryKey: inboxKeys.messages(change.realtorId) })
  patchMessage(queryClient, change.realtorId, change.id, (message) => ({ ...message, status: change.status }))
}

/** What marking a message changes once the server has stored it: the message as stored. */
export function afterMessageMarked(queryClient: QueryClient, realtorId: string, stored: ContactMessage) {
  patchMessage(queryClient, realtorId, stored.id, () => stored)
}

/** What a failed mark leaves: the status the message had, back on screen. */
export function afterMessageMarkFailed(queryClient: QueryClient, change: { realtorId: string; id: string; previous: ContactStatus }) {
  patchMessage(queryClient, change.realtorId, change.id, (message) => ({ ...message, status: change.previous }))
}

/** What pausing or resuming a saved search changes: its row, in place (the counts stay). */
export function afterSavedSearchChanged(queryClient: QueryClient, realtorId: string, updated: SavedSearch) {
  queryClient.setQueriesData<InfiniteData<SavedSearchPage>>({ queryKey: inboxKeys.savedSearches(realtorId) }, (current) =>
    mapPages(current, (page) => ({ ...page, searches: page.searches.map((search) => (search.id === updated.id ? updated : search)) })),
  )
}

/** What deleting a saved search changes: off the screen at once, then the counts fetched again. */
export async function afterSavedSearchDeleted(queryClient: QueryClient, change: { realtorId: string; id: string }) {
  queryClient.setQueriesData<InfiniteData<SavedSearchPage>>({ queryKey: inboxKeys.savedSearches(change.realtorId) }, (current) =>
    mapPages(current, (page) => ({ ...page, searches: page.searches.filter((search) => search.id !== change.id) })),
  )
  await queryClient.invalidateQueries({ queryKey: inboxKeys.savedSearches(change.realtorId) })
}

/**
 * What changing a lead's stage or follow-up day changes: its row at once, then the lead
 * desk's lists (the counts per stage and a filtered list change with a stage).
 */
export async function afterLeadChanged(queryClient: QueryClient, realtorId: string, updated: LeadItem) {
  queryClient.setQueriesData<InfiniteData<LeadPage>>({ queryKey: leadKeys.list(realtorId) }, (current) =>
    mapPages(current, (page) => ({ ...page, leads: page.leads.map((lead) => (lead.id === updated.id ? updated : lead)) })),
  )
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadKeys.list(realtorId) }),
    queryClient.invalidateQueries({ queryKey: leadKeys.today(realtorId) }),
    // The change is on the lead's timeline now.
    queryClient.invalidateQueries({ queryKey: leadKeys.timeline(realtorId, updated.id) }),
  ])
}

/** What adding or deleting a note on a lead changes: its notes, and the desk's notes count. */
export async function afterLeadNotesChanged(queryClient: QueryClient, change: { realtorId: string; leadId: string }) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadKeys.notes(change.realtorId, change.leadId) }),
    queryClient.invalidateQueries({ queryKey: leadKeys.list(change.realtorId) }),
    queryClient.invalidateQueries({ queryKey: leadKeys.today(change.realtorId) }),
    queryClient.invalidateQueries({ queryKey: leadKeys.timeline(change.realtorId, change.leadId) }),
  ])
}

/** What confirming, proposing or cancelling a tour changes: the realtor's tour requests. */
export async function afterTourChanged(queryClient: QueryClient, realtorId: string) {
  // A tour answered leaves the desk's "Today".
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tourKeys.realtor(realtorId) }),
    queryClient.invalidateQueries({ queryKey: leadKeys.today(realtorId) }),
  ])
}

/** What adding or deleting an open house changes: the realtor's open houses. */
export async function afterOpenHousesChanged(queryClient: QueryClient, realtorId: string) {
  await queryClient.invalidateQueries({ queryKey: openHouseKeys.realtor(realtorId) })
}

/** What saving or deleting a post changes: the realtor's posts in the workspace. */
export async function afterPostChanged(queryClient: QueryClient, realtorId: string) {
  await queryClient.invalidateQueries({ queryKey: postKeys.realtor(realtorId) })
}

/** What saving the reply settings changes: the saved settings are the entry, with no fetch. */
export function afterReplySettingsSaved(queryClient: QueryClient, realtorId: string, saved: ReplySettings) {
  queryClient.setQueryData(replySettingsKeys.realtor(realtorId), saved)
}

/** What starting a CMA changes: the realtor's list of analyses. */
export async function afterCmaStarted(queryClient: QueryClient, realtorId: string) {
  await queryClient.invalidateQueries({ queryKey: cmaKeys.list(realtorId) })
}

/** What saving a CMA changes: its entry is the CMA as saved, and the realtor's list (its title, price and date). */
export async function afterCmaSaved(queryClient: QueryClient, saved: Cma) {
  queryClient.setQueryData(cmaKeys.one(saved.id), saved)
  await queryClient.invalidateQueries({ queryKey: cmaKeys.list(saved.realtorId) })
}

/**
 * What creating or revoking a CMA's share link changes: the link on the cached CMA, changed in
 * place (not on a render's copy: a save may have landed just before), and the realtor's list.
 */
export async function afterCmaShareChanged(queryClient: QueryClient, cma: { id: string; realtorId: string }, share: CmaShare | null) {
  queryClient.setQueryData<Cma>(cmaKeys.one(cma.id), (current) => (current ? { ...current, share } : current))
  await queryClient.invalidateQueries({ queryKey: cmaKeys.list(cma.realtorId) })
}

/** What e-mailing a CMA to its seller lead changes: the CMA as sent, and the lead desk (the mail is on the lead's timeline). */
export async function afterCmaSent(queryClient: QueryClient, sent: Cma) {
  await Promise.all([afterCmaSaved(queryClient, sent), queryClient.invalidateQueries({ queryKey: leadKeys.all(sent.realtorId) })])
}

/** What deleting a CMA changes: its entry goes, and the realtor's list. */
export async function afterCmaDeleted(queryClient: QueryClient, change: { id: string; realtorId: string }) {
  queryClient.removeQueries({ queryKey: cmaKeys.one(change.id) })
  await queryClient.invalidateQueries({ queryKey: cmaKeys.list(change.realtorId) })
}
