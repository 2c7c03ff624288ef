import { queryOptions } from '@tanstack/react-query'
import { getAuthProviders, getSession } from '~/functions/session.functions'

/**
 * The signed-in account (or null), asked for in the browser: server-rendered pages stay the
 * same for everyone, so caches may keep them. Sign-in and sign-out update this entry.
 */
const sessionQueryKey = ['auth', 'session'] as const

export function sessionQuery() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: () => getSession(),
    staleTime: 60_000,
    retry: false,
  })
}

/** Which sign-in buttons to show; server configuration, the same for every visitor. */
export function authProvidersQuery() {
  return queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: () => getAuthProviders(),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
