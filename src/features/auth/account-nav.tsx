import { Trans } from '@lingui/react/macro'
import { buttonClass } from '~/components/ui'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { langParam } from '~/lib/lang'
import { useLang } from '~/i18n/use-lang'
import { sessionQuery } from '~/queries/session'
import { useSignOut } from './use-auth-actions'

const linkClass = buttonClass('ghost')

/**
 * The header's account area: "Sign in" for a visitor; "My homepage" and "Sign out" once
 * signed in. The session is asked for in the browser after the page is shown, so the
 * server renders the visitor's version for everyone and the HTML stays cacheable.
 */
export function AccountNav() {
  const lang = useLang()
  const params = { lang: langParam(lang) }
  const session = useQuery(sessionQuery())
  const signOut = useSignOut()
  const [signingOut, setSigningOut] = useState(false)
  const signInRef = useRef<HTMLAnchorElement>(null)
  // The "Sign out" button disappears when it has done its work; the focus moves to the
  // "Sign in" link that takes its place instead of falling back to the top of the page.
  const focusSignIn = useRef(false)
  const signedIn = Boolean(session.data)

  useEffect(() => {
    if (!signedIn && focusSignIn.current) {
      focusSignIn.current = false
      signInRef.current?.focus()
    }
  }, [signedIn])

  if (session.data) {
    const realtor = session.data.realtor
    return (
      <>
        {realtor ? (
          <Link to="/{-$lang}/$desiredUrl/admin" params={{ ...params, desiredUrl: realtor.desiredUrl }} className={linkClass} data-testid="account-home">
            <Trans>My homepage</Trans>
          </Link>
        ) : (
          <Link to="/{-$lang}/process" params={params} className={linkClass} data-testid="account-home">
            <Trans>My homepage</Trans>
          </Link>
        )}
        <button
          type="button"
          disabled={signingOut}
          aria-busy={signingOut}
          onClick={() => {
            setSigningOut(true)
            focusSignIn.current = true
            void signOut().then(() => setSigningOut(false))
          }}
          className={linkClass}
          data-testid="account-sign-out"
        >
          <Trans>Sign out</Trans>
        </button>
      </>
    )
  }

  return (
    <Link ref={signInRef} to="/{-$lang}/login" params={params} className={linkClass} data-testid="account-sign-in">
      <Trans>Sign in</Trans>
    </Link>
  )
}
