import { infiniteQueryOptions } from '@tanstack/react-query'
import { listMessages } from '~/functions/inbox.functions'
import { listMySavedSearches } from '~/functions/saved-search-leads.functions'

/** A realtor's messages and saved searches: `['inbox', realtorId, 'messages' | 'saved-searches', {...}]`. */
export const inboxKeys = {
  all: ['inbox'] as const,
  realtor: (realtorId: string) => [...inboxKeys.all, realtorId] as const,
  messages: (realtorId: string) => [...inboxKeys.realtor(realtorId), 'messages'] as const,
  savedSearches: (realtorId: string) => [...inboxKeys.realtor(realtorId), 'saved-searches'] as const,
}

/** The inbox's list, a page at a time (follow `nextCursor`). */
export function inboxMessagesQuery(realtorId: string, options: { limit?: number } = {}) {
  return infiniteQueryOptions({
    queryKey: [...inboxKeys.messages(realtorId), options],
    // The first page has no cursor; '' stands for it, since a page param cannot be undefined.
    queryFn: ({ pageParam }) => listMessages({ data: { realtorId, cursor: pageParam === '' ? undefined : pageParam, limit: options.limit } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** The inbox's saved searches (issue 13), confirmed ones only, a page at a time. */
export function inboxSavedSearchesQuery(realtorId: string, options: { limit?: number } = {}) {
  return infiniteQueryOptions({
    queryKey: [...inboxKeys.savedSearches(realtorId), options],
    queryFn: ({ pageParam }) => listMySavedSearches({ data: { realtorId, cursor: pageParam === '' ? undefined : pageParam, limit: options.limit } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
