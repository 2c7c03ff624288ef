import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { focusSoon } from '~/components/form/focus'
import { PageHeading, PageShell } from '~/features/shell/page-shell'
import { langParam, type Lang } from '~/lib/lang'
import { ForgotPasswordForm } from './forgot-password-form'
import { AuthCard, Lead, OrDivider, textButtonClass } from './form-parts'
import { ModeTabs } from './mode-tabs'
import { ProviderButtons } from './provider-buttons'
import { authProvidersQuery } from '~/queries/session'
import type { SignInMode, SignInPageSearch } from './sign-in-flow'
import { SignInForm } from './sign-in-form'
import { ProviderErrorNotice, SignedInNotice, UnsentSignInNotice } from './sign-in-notices'
import { SignUpForm } from './sign-up-form'
import type { SignInTarget } from './use-auth-actions'

/** The realtor whose `/{desiredUrl}/login` this is: the user returns to their homepage. */
export type SignInHomepage = { desiredUrl: string; name: string }

/**
 * Sign-in and sign-up on one page (`/login`, `/{desiredUrl}/login`): tabs between the two,
 * Kakao and Google when configured, and a forgotten-password form when mail is configured.
 */
export function SignInPage({ lang, search, homepage }: { lang: Lang; search: SignInPageSearch; homepage?: SignInHomepage }) {
  const { t } = useLingui()
  const { data: config } = useSuspenseQuery(authProvidersQuery())
  const requestedMode: SignInMode = search.mode === 'forgot' && !config.passwordReset ? 'signin' : (search.mode ?? 'signin')
  const [mode, setMode] = useState<SignInMode>(requestedMode)
  // A link to `?mode=signup` followed while this page is open switches the form too.
  const [followedMode, setFollowedMode] = useState(requestedMode)
  if (followedMode !== requestedMode) {
    setFollowedMode(requestedMode)
    setMode(requestedMode)
  }
  const target: SignInTarget = { lang, redirect: search.redirect, homepage: homepage?.desiredUrl }
  const cardRef = useRef<HTMLDivElement>(null)
  const focusFirstField = () => focusSoon(() => cardRef.current?.querySelector<HTMLElement>('input') ?? null)
  // "Forgot your password?" and "Back to sign in" replace the form they sit in: the focus
  // goes to the first field of the new one instead of being lost with the button.
  const switchForm = (next: SignInMode) => {
    setMode(next)
    focusFirstField()
  }
  const baseId = useId()
  const panelId = `${baseId}-panel`
  const tabId = (tab: SignInMode) => `${baseId}-tab-${tab}`

  return (
    <PageShell>
      <div className="mx-auto w-full max-w-md">
        <PageHeading>
          {mode === 'signup' ? <Trans>Create your account</Trans> : mode === 'forgot' ? <Trans>Forgot your password?</Trans> : <Trans>Sign in</Trans>}
        </PageHeading>
        <Lead>
          {mode === 'forgot' ? (
            <Trans>Enter the e-mail you signed up with and we will send you a link to choose a new password.</Trans>
          ) : homepage ? (
            t`Afterwards you will return to the homepage of ${homepage.name}.`
          ) : mode === 'signup' ? (
            <Trans>Make your homepage in Korean and English. It takes a few minutes.</Trans>
          ) : (
            <Trans>Sign in to edit your homepage and read your messages.</Trans>
          )}
        </Lead>

        <SignedInNotice target={target} onSignedOut={focusFirstField} />
        {search.error && mode !== 'forgot' ? <ProviderErrorNotice code={search.error} /> : null}
        {search.unsent && mode !== 'forgot' ? <UnsentSignInNotice /> : null}

        <AuthCard ref={cardRef}>
          {mode === 'forgot' ? (
            <ForgotPasswordForm lang={lang} onBack={() => switchForm('signin')} />
          ) : (
            <>
              <ModeTabs mode={mode} onChange={setMode} panelId={panelId} tabId={tabId} />
              <div role="tabpanel" id={panelId} aria-labelledby={tabId(mode)} className="mt-6">
                {config.providers.length > 0 ? (
                  <>
                    <ProviderButtons providers={config.providers} target={target} mode={mode} />
                    <OrDivider />
                  </>
                ) : null}
                {mode === 'signup' ? (
                  <SignUpForm key="signup" target={target} />
                ) : (
                  <SignInForm key="signin" target={target} onForgot={config.passwordReset ? () => switchForm('forgot') : undefined} />
                )}
              </div>
            </>
          )}
        </AuthCard>

        {homepage ? (
          <p className="mt-6 text-center">
            <Link to="/{-$lang}/$desiredUrl" params={{ lang: langParam(lang), desiredUrl: homepage.desiredUrl }} className={textButtonClass}>
              {t`Back to the homepage of ${homepage.name}`}
            </Link>
          </p>
        ) : null}
      </div>
    </PageShell>
  )
}
