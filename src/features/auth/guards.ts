import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { langParam, type Lang } from '~/lib/lang'
import { sessionQuery } from '~/queries/session'

/**
 * beforeLoad guard: a visitor is sent to the sign-in page of the same language and comes
 * back to `returnTo` afterwards. Returns the session for the page, read through the same
 * query the page's components use.
 */
export async function requireSession(queryClient: QueryClient, lang: Lang, returnTo: string) {
  // A stale session still guards at once and is refreshed behind it; the server checks every call anyway.
  const session = await queryClient.ensureQueryData({ ...sessionQuery(), revalidateIfStale: true })
  if (!session) {
    throw redirect({ to: '/{-$lang}/login', params: { lang: langParam(lang) }, search: { redirect: returnTo } })
  }
  return session
}
