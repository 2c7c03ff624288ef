import { queryOptions } from '@tanstack/react-query'
import { getAuthProviders, getEditAccessByUrl, getSession } from '~/functions/session.functions'

/*
 * The signed-in account. Route guards read it through `ensureQueryData` and components
 * through `useQuery`, so both see one entry; sign-in, sign-out and creating or deleting a
 * homepage update it. Server-rendered public pages never ask, so they stay the same for
 * everyone and caches may keep them.
 */
export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
  editAccess: () => [...sessionKeys.all, 'edit-access'] as const,
}

export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: () => getSession(),
    staleTime: 60_000,
    retry: false,
  })
}

/** May the viewer edit the homepage at this address? The editor's guard asks every time. */
export function editAccessByUrlQuery(desiredUrl: string) {
  return queryOptions({
    queryKey: [...sessionKeys.editAccess(), desiredUrl.toLowerCase()],
    queryFn: () => getEditAccessByUrl({ data: { desiredUrl } }),
    staleTime: 0,
  })
}

/** Which sign-in buttons to show; server configuration, the same for every visitor. */
export function authProvidersQuery() {
  return queryOptions({
    queryKey: [...sessionKeys.all, 'providers'],
    queryFn: () => getAuthProviders(),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
