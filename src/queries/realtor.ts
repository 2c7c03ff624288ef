import { queryOptions } from '@tanstack/react-query'
import { checkDesiredUrl, getEditAccess, getOwnRealtor, getPublicRealtor } from '~/functions/realtor.functions'
import type { DesiredUrlCheck } from '~/schemas/realtor'

/*
 * Realtors, by the ways a page names one. A change to a realtor invalidates
 * `realtorKeys.all`: its public entry is keyed by address, which the change may move.
 */
export const realtorKeys = {
  all: ['realtor'] as const,
  public: () => [...realtorKeys.all, 'public'] as const,
  editAccess: () => [...realtorKeys.all, 'edit-access'] as const,
  desiredUrl: () => [...realtorKeys.all, 'desired-url'] as const,
  own: () => [...realtorKeys.all, 'own'] as const,
}

/** A public realtor by desiredUrl, id or own domain; null when there is none. */
export function publicRealtorQuery(key: string) {
  return queryOptions({
    queryKey: [...realtorKeys.public(), key.toLowerCase()],
    queryFn: () => getPublicRealtor({ data: { key } }),
    staleTime: 60_000,
  })
}

/** The whole realtor for the editor, with what visitors never see (hidden reviews); owner or admin only. */
export function ownRealtorQuery(id: string) {
  return queryOptions({
    queryKey: [...realtorKeys.own(), id],
    queryFn: () => getOwnRealtor({ data: { id } }),
    staleTime: 0,
    retry: false,
  })
}

/** Whether the viewer may edit this realtor; asked in the browser only (the edit link). */
export function editAccessQuery(id: string) {
  return queryOptions({
    queryKey: [...realtorKeys.editAccess(), id],
    queryFn: () => getEditAccess({ data: { id } }),
    staleTime: 60_000,
    retry: false,
  })
}

/** The onboarding wizard's live check of an address. */
export function desiredUrlCheckQuery(check: DesiredUrlCheck) {
  return queryOptions({
    queryKey: [...realtorKeys.desiredUrl(), check],
    queryFn: () => checkDesiredUrl({ data: check }),
    staleTime: 10_000,
  })
}
