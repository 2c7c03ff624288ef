import { Trans } from '@lingui/react/macro'
import { useRef, useState, type ReactNode } from 'react'
import { Spinner } from '~/components/form/buttons'
import { focusSoon } from '~/components/form/focus'
import { authClient } from '~/lib/auth-client'
import { FormAlert } from './form-parts'
import type { SignInMode } from './sign-in-flow'
import { authFetchOptions, runAuth, useFailureMessage, useProviderCallbacks, type SignInTarget } from './use-auth-actions'

type Provider = 'google' | 'kakao'

// Kakao first: most of our realtors and their clients are Korean.
const PROVIDER_ORDER: ReadonlyArray<Provider> = ['kakao', 'google']

/** Kakao and Google, in that order, as far as the server has them configured. */
export function ProviderButtons({ providers, target, mode }: { providers: ReadonlyArray<Provider>; target: SignInTarget; mode: SignInMode }) {
  const callbacks = useProviderCallbacks(target)
  const failureMessage = useFailureMessage()
  const [pending, setPending] = useState<Provider | undefined>()
  const [error, setError] = useState<string | undefined>()
  const alertRef = useRef<HTMLDivElement>(null)
  const ordered = PROVIDER_ORDER.filter((provider) => providers.includes(provider))

  const start = async (provider: Provider) => {
    setPending(provider)
    setError(undefined)
    const outcome = await runAuth(() =>
      // better-auth's client follows the provider's URL itself; the page is left on success.
      authClient().signIn.social({ provider, ...callbacks(provider) }, authFetchOptions(target.lang)),
    )
    if (!outcome.ok) {
      setPending(undefined)
      setError(failureMessage(outcome.failure))
      focusSoon(() => alertRef.current)
    }
  }

  return (
    <div className="grid gap-3">
      {error ? (
        <FormAlert id="provider-start-error" ref={alertRef}>
          {error}
        </FormAlert>
      ) : null}
      {ordered.map((provider) => (
        <button
          key={provider}
          type="button"
          disabled={pending !== undefined}
          aria-busy={pending === provider}
          onClick={() => void start(provider)}
          data-testid={`auth-provider-${provider}`}
          className={`inline-flex min-h-12 w-full items-center justify-center gap-3 rounded-full px-6 text-base font-semibold shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:opacity-70 dark:focus-visible:outline-stone-100 ${
            provider === 'kakao'
              ? 'bg-[#FEE500] text-black/85 hover:bg-[#F4DC00]'
              : 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100 dark:hover:bg-stone-900'
          }`}
        >
          {pending === provider ? <Spinner className="size-5" /> : provider === 'kakao' ? <KakaoMark /> : <GoogleMark />}
          <ProviderLabel provider={provider} mode={mode} />
        </button>
      ))}
    </div>
  )
}

function ProviderLabel({ provider, mode }: { provider: Provider; mode: SignInMode }): ReactNode {
  if (provider === 'kakao') return mode === 'signup' ? <Trans>Sign up with Kakao</Trans> : <Trans>Continue with Kakao</Trans>
  return mode === 'signup' ? <Trans>Sign up with Google</Trans> : <Trans>Continue with Google</Trans>
}

function KakaoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M12 3.5c-5.2 0-9.5 3.3-9.5 7.4 0 2.6 1.8 4.9 4.4 6.3l-1 3.7c-.1.3.3.6.6.4l4.4-2.9c.4 0 .7.1 1.1.1 5.2 0 9.5-3.3 9.5-7.5S17.2 3.5 12 3.5Z" />
    </svg>
  )
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path fill="#4285F4" d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  )
}
