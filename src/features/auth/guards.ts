import { redirect } from '@tanstack/react-router'
import { getSession } from '~/functions/session.functions'
import { langParam, type Lang } from '~/lib/lang'

/**
 * beforeLoad guard: a visitor is sent to the sign-in page of the same language and comes
 * back to `returnTo` afterwards. Returns the session for the page.
 */
export async function requireSession(lang: Lang, returnTo: string) {
  const session = await getSession()
  if (!session) {
    throw redirect({ to: '/{-$lang}/login', params: { lang: langParam(lang) }, search: { redirect: returnTo } })
  }
  return session
}
