import { Trans } from '@lingui/react/macro'
import { buttonClass } from '~/components/ui'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Spinner } from '~/components/form/buttons'
import { PageHeading, PageShell } from '~/features/shell/page-shell'
import { authClient } from '~/lib/auth-client'
import { langParam, type Lang } from '~/lib/lang'
import { browserStorage, needsAccessToken, storeSession } from './browser-storage'
import { AuthCard, Lead } from './form-parts'
import { afterSignedIn } from '~/queries/changes'
import { sessionQuery } from '~/queries/session'
import { signInDestination, type SignInRedirectSearch } from './sign-in-flow'
import { runAuth } from './use-auth-actions'

/**
 * `/login/redirect`: where every sign-in ends (e-mail forms and the Kakao and Google
 * callbacks). Reads the session the cookie now carries, completes the compatibility keys in
 * local storage, and sends the user on. Runs in the browser only: local storage lives there,
 * and the server-rendered page stays the same for everyone.
 */
export function SignInRedirectPage({ lang, search, homepage }: { lang: Lang; search: SignInRedirectSearch; homepage?: string }) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const [failed, setFailed] = useState(false)
  const failureRef = useRef<HTMLHeadingElement>(null)
  // React runs effects twice in development; the sign-in must complete (and navigate) once.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const complete = async () => {
      const session = await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 })
      if (!session) return false
      const store = browserStorage()
      if (store) {
        let accessToken: string | undefined
        if (needsAccessToken(store, session.user.id)) {
          // After Kakao or Google no answer carried `set-auth-token`; the session's own token
          // is accepted as a bearer token as well (better-auth signs it on arrival).
          const token = await runAuth(() => authClient().getSession())
          accessToken = token.ok ? token.data.session.token : undefined
        }
        storeSession(store, { user: session.user, realtor: session.realtor, accessToken, loginBy: search.provider })
      }
      // Data fetched as a visitor (owner-only links, guards) is stale now; the fresh session stays.
      await afterSignedIn(queryClient, session)
      const href = signInDestination({ lang, redirect: search.redirect, homepage, ownRealtor: session.realtor })
      await router.navigate({ href, replace: true })
      return true
    }
    complete()
      .then((done) => {
        if (!done) setFailed(true)
      })
      .catch(() => setFailed(true))
  }, [queryClient, router, lang, search.redirect, search.provider, homepage])

  useEffect(() => {
    if (failed) failureRef.current?.focus()
  }, [failed])

  const params = { lang: langParam(lang) }
  return (
    <PageShell>
      <div className="mx-auto w-full max-w-md">
        {failed ? (
          <>
            <h1 ref={failureRef} tabIndex={-1} className="text-3xl font-bold tracking-tight text-balance outline-none sm:text-4xl">
              <Trans>We could not sign you in</Trans>
            </h1>
            <Lead>
              <Trans>Your sign-in did not complete, or it has expired. Please sign in again.</Trans>
            </Lead>
            <AuthCard>
              {homepage ? (
                <Link
                  to="/{-$lang}/$desiredUrl/login"
                  params={{ ...params, desiredUrl: homepage }}
                  search={{ redirect: search.redirect }}
                  className={buttonClass('primary', 'lg', 'w-full')}
                  data-testid="auth-retry"
                >
                  <Trans>Sign in again</Trans>
                </Link>
              ) : (
                <Link
                  to="/{-$lang}/login"
                  params={params}
                  search={{ redirect: search.redirect }}
                  className={buttonClass('primary', 'lg', 'w-full')}
                  data-testid="auth-retry"
                >
                  <Trans>Sign in again</Trans>
                </Link>
              )}
            </AuthCard>
          </>
        ) : (
          <div role="status" className="flex flex-col items-center py-10 text-center" data-testid="auth-redirecting">
            <Spinner className="size-8 text-stone-500" />
            <div className="mt-6">
              <PageHeading>
                <Trans>Signing you in…</Trans>
              </PageHeading>
            </div>
            <Lead>
              <Trans>One moment, we are opening your page.</Trans>
            </Lead>
          </div>
        )}
      </div>
    </PageShell>
  )
}
