import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { langParam, type Lang } from '~/lib/lang'
import { AUTH_FAILURE_MESSAGES, classifyAuthError, type AuthErrorResponse, type AuthFailure } from '~/lib/auth-errors'
import { browserStorage, clearSignIn, storeSignIn, type LoginMethod, type StoredUser } from './browser-storage'
import { afterSignedOut } from '~/queries/changes'

export type AuthOutcome<T> = { ok: true; data: T } | { ok: false; failure: AuthFailure }

/**
 * Runs a better-auth client call and turns its `{ data, error }` answer (or a network
 * failure, which it throws) into our outcome type.
 */
export async function runAuth<T>(call: () => Promise<{ data: T | null; error: AuthErrorResponse | null }>): Promise<AuthOutcome<T>> {
  try {
    const { data, error } = await call()
    if (error) return { ok: false, failure: classifyAuthError(error) }
    if (data === null) return { ok: false, failure: { kind: 'unknown' } }
    return { ok: true, data }
  } catch {
    return { ok: false, failure: { kind: 'network' } }
  }
}

/**
 * Fetch options for every auth call: our limiter translates its 429 into the language the
 * request asks for, which must be the page's, not the browser's.
 */
export function authFetchOptions(lang: Lang) {
  return { headers: { 'accept-language': lang } }
}

/** The translated sentence for a failure. */
export function useFailureMessage() {
  const { i18n } = useLingui()
  return (failure: AuthFailure): string => (failure.kind === 'rate-limited' && failure.message ? failure.message : i18n._(AUTH_FAILURE_MESSAGES[failure.kind]))
}

/** Where the sign-in goes next: the redirect page of the same variant (`/login` or `/{desiredUrl}/login`). */
export type SignInTarget = { lang: Lang; redirect: string | undefined; homepage: string | undefined }

/**
 * After an e-mail sign-in or sign-up: keep the compatibility copy in local storage (the
 * token is only readable now, from the answer's header), then let the redirect page finish.
 */
export function useFinishEmailSignIn(target: SignInTarget) {
  const router = useRouter()
  return async (input: { accessToken: string | null; user: StoredUser }) => {
    const store = browserStorage()
    if (store) storeSignIn(store, { accessToken: input.accessToken, user: input.user, loginBy: 'email' })
    const params = { lang: langParam(target.lang) }
    if (target.homepage) {
      await router.navigate({
        to: '/{-$lang}/$desiredUrl/login/redirect',
        params: { ...params, desiredUrl: target.homepage },
        search: { redirect: target.redirect },
        replace: true,
      })
    } else {
      await router.navigate({ to: '/{-$lang}/login/redirect', params, search: { redirect: target.redirect }, replace: true })
    }
  }
}

/** Public URLs (own-domain aware) that better-auth sends the browser to after Kakao or Google. */
export function useProviderCallbacks(target: SignInTarget) {
  const router = useRouter()
  return (provider: Exclude<LoginMethod, 'email'>) => {
    const params = { lang: langParam(target.lang) }
    const callback = target.homepage
      ? router.buildLocation({
          to: '/{-$lang}/$desiredUrl/login/redirect',
          params: { ...params, desiredUrl: target.homepage },
          search: { redirect: target.redirect, provider },
        })
      : router.buildLocation({ to: '/{-$lang}/login/redirect', params, search: { redirect: target.redirect, provider } })
    const error = target.homepage
      ? router.buildLocation({
          to: '/{-$lang}/$desiredUrl/login',
          params: { ...params, desiredUrl: target.homepage },
          search: { redirect: target.redirect },
        })
      : router.buildLocation({ to: '/{-$lang}/login', params, search: { redirect: target.redirect } })
    return { callbackURL: callback.publicHref, errorCallbackURL: error.publicHref }
  }
}

/**
 * Sign-out everywhere the app keeps it: better-auth's cookie, the compatibility keys, the
 * cached session, and the account's data (guards run again, owner-only links disappear).
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return async () => {
    // Loaded on demand: the header is on every page, and most visitors never sign out.
    const { authClient } = await import('~/lib/auth-client')
    // A failed request still signs the browser out locally; the session query below then
    // shows the truth (still signed in) instead of pretending.
    await runAuth(() => authClient().signOut())
    const store = browserStorage()
    if (store) clearSignIn(store)
    await afterSignedOut(queryClient)
    await router.invalidate()
  }
}
