import { Trans } from '@lingui/react/macro'
import { buttonClass } from '~/components/ui'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { langParam } from '~/lib/lang'
import { FormAlert } from './form-parts'
import { sessionQuery } from '~/queries/session'
import { useSignOut, type SignInTarget } from './use-auth-actions'

/* What the sign-in page says above its card: already signed in, or a Kakao or Google failure. */

/** Already signed in (a second visit, or another account in this browser): continue, or sign out first. */
export function SignedInNotice({ target, onSignedOut }: { target: SignInTarget; onSignedOut: () => void }) {
  const session = useQuery(sessionQuery())
  const signOut = useSignOut()
  const [busy, setBusy] = useState(false)
  if (!session.data) return null
  const email = session.data.user.email
  const params = { lang: langParam(target.lang) }
  const continueClass = buttonClass('primary')
  return (
    <div className="mt-6 rounded-2xl border border-stone-200 bg-stone-100 p-4 dark:border-stone-800 dark:bg-stone-900" data-testid="auth-signed-in">
      <p className="text-stone-800 dark:text-stone-200">
        <Trans>
          You are signed in as <strong className="font-semibold break-all">{email}</strong>.
        </Trans>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {target.homepage ? (
          <Link
            to="/{-$lang}/$desiredUrl/login/redirect"
            params={{ ...params, desiredUrl: target.homepage }}
            search={{ redirect: target.redirect }}
            className={continueClass}
          >
            <Trans>Continue</Trans>
          </Link>
        ) : (
          <Link to="/{-$lang}/login/redirect" params={params} search={{ redirect: target.redirect }} className={continueClass}>
            <Trans>Continue</Trans>
          </Link>
        )}
        <button
          type="button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => {
            setBusy(true)
            void signOut().then(() => {
              setBusy(false)
              // This notice goes away with the button; the focus moves on to the form below.
              onSignedOut()
            })
          }}
          className={buttonClass('outline')}
        >
          <Trans>Sign out</Trans>
        </button>
      </div>
    </div>
  )
}

/** better-auth sends a failed Kakao or Google sign-in back here with `?error=<code>`. */
export function ProviderErrorNotice({ code }: { code: string }) {
  return (
    <div className="mt-6">
      <FormAlert id="provider-error" testId="auth-provider-error">
        {code === 'access_denied' ? (
          <Trans>Sign-in was cancelled. You can try again or use your e-mail.</Trans>
        ) : (
          <Trans>Signing in with Kakao or Google did not work. Please try again or use your e-mail.</Trans>
        )}
      </FormAlert>
    </div>
  )
}

/**
 * The form was posted before the page's scripts were ready (a quick Enter, a password manager),
 * and came back unread: without this the visitor would see the same empty form and wait.
 */
export function UnsentSignInNotice() {
  return (
    <div className="mt-6">
      <FormAlert id="unsent-sign-in" testId="auth-unsent">
        <Trans>The page was still loading, so nothing was sent. Please enter your e-mail and password again.</Trans>
      </FormAlert>
    </div>
  )
}
