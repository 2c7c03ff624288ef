import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { buttonClass } from '~/components/ui'
import { focusSoon } from '~/components/form/focus'
import { PageHeading, PageShell } from '~/features/shell/page-shell'
import { langParam, type Lang } from '~/lib/lang'
import { AuthCard, Lead } from './form-parts'
import { ResetPasswordForm } from './reset-password-form'
import type { ResetPasswordSearch } from './sign-in-flow'

/**
 * `/login/reset`: the page the e-mailed link opens (through better-auth, which adds
 * `?token=` or, for a dead link, `?error=INVALID_TOKEN`). Sets a new password.
 */
export function ResetPasswordPage({ lang, search }: { lang: Lang; search: ResetPasswordSearch }) {
  const [done, setDone] = useState(false)
  const [linkDead, setLinkDead] = useState(false)
  const doneRef = useRef<HTMLHeadingElement>(null)
  const params = { lang: langParam(lang) }
  const usable = Boolean(search.token) && !search.error && !linkDead

  return (
    <PageShell>
      <div className="mx-auto w-full max-w-md">
        {done ? (
          <>
            <h1 ref={doneRef} tabIndex={-1} className="text-3xl font-bold tracking-tight text-balance outline-none sm:text-4xl" data-testid="auth-reset-done">
              <Trans>Your password has been changed</Trans>
            </h1>
            <Lead>
              <Trans>Sign in with your new password.</Trans>
            </Lead>
            <AuthCard>
              <Link to="/{-$lang}/login" params={params} className={buttonClass('primary', 'lg', 'w-full')}>
                <Trans>Sign in</Trans>
              </Link>
            </AuthCard>
          </>
        ) : usable && search.token ? (
          <>
            <PageHeading>
              <Trans>Choose a new password</Trans>
            </PageHeading>
            <Lead>
              <Trans>You will sign in with it from now on.</Trans>
            </Lead>
            <AuthCard>
              <ResetPasswordForm
                lang={lang}
                token={search.token}
                onDone={() => {
                  setDone(true)
                  focusSoon(() => doneRef.current)
                }}
                onLinkDead={() => setLinkDead(true)}
              />
            </AuthCard>
          </>
        ) : (
          <>
            <PageHeading>
              <Trans>This link no longer works</Trans>
            </PageHeading>
            <Lead>
              <Trans>Links to reset a password work once and for one hour. Ask for a new one.</Trans>
            </Lead>
            <AuthCard>
              <Link
                to="/{-$lang}/login"
                params={params}
                search={{ mode: 'forgot' }}
                className={buttonClass('primary', 'lg', 'w-full')}
                data-testid="auth-reset-again"
              >
                <Trans>Ask for a new link</Trans>
              </Link>
            </AuthCard>
          </>
        )}
      </div>
    </PageShell>
  )
}
