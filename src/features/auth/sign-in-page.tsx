import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { PageHeading, PageShell } from '~/components/page-shell'
import { authClient } from '~/lib/auth-client'
import { langParam, type Lang } from '~/lib/lang'
import { failureField, type AuthFailure } from './auth-errors'
import {
  forgotPasswordFormSchema,
  signInFormSchema,
  signUpFormSchema,
  type ForgotPasswordFormValues,
  type SignInFormValues,
  type SignUpFormValues,
} from './auth-schemas'
import {
  AuthCard,
  AuthForm,
  EmailInput,
  FieldRow,
  FormAlert,
  Lead,
  OrDivider,
  PasswordInput,
  Spinner,
  SubmitButton,
  describedBy,
  focusFirstInvalid,
  focusSoon,
  inputClass,
  textButtonClass,
  useFieldErrors,
} from './form-parts'
import { authProvidersQuery, sessionQuery } from './session-query'
import type { SignInMode, SignInPageSearch } from './sign-in-flow'
import {
  authFetchOptions,
  runAuth,
  useFailureMessage,
  useFinishEmailSignIn,
  useProviderCallbacks,
  useSignOut,
  type SignInTarget,
} from './use-auth-actions'

type Provider = 'google' | 'kakao'

// Kakao first: most of our realtors and their clients are Korean.
const PROVIDER_ORDER: ReadonlyArray<Provider> = ['kakao', 'google']

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
  // "Forgot your password?" and "Back to sign in" replace the form they sit in: the focus
  // goes to the first field of the new one instead of being lost with the button.
  const switchForm = (next: SignInMode) => {
    setMode(next)
    focusSoon(() => cardRef.current?.querySelector<HTMLElement>('input') ?? null)
  }
  const baseId = useId()
  const panelId = `${baseId}-panel`
  const tabId = (tab: SignInMode) => `${baseId}-tab-${tab}`

  return (
    <PageShell>
      <div className="mx-auto w-full max-w-md">
        <PageHeading>
          {mode === 'signup' ? (
            <Trans>Create your account</Trans>
          ) : mode === 'forgot' ? (
            <Trans>Forgot your password?</Trans>
          ) : (
            <Trans>Sign in</Trans>
          )}
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

        <SignedInNotice target={target} onSignedOut={() => focusSoon(() => cardRef.current?.querySelector<HTMLElement>('input') ?? null)} />
        {search.error && mode !== 'forgot' ? <ProviderErrorNotice code={search.error} /> : null}

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
            <Link
              to="/{-$lang}/$desiredUrl"
              params={{ lang: langParam(lang), desiredUrl: homepage.desiredUrl }}
              className={textButtonClass}
            >
              {t`Back to the homepage of ${homepage.name}`}
            </Link>
          </p>
        ) : null}
      </div>
    </PageShell>
  )
}

/** Where each key moves in a tab list (WAI-ARIA): around at the ends, Home and End to the ends. */
const TAB_KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => (index === last ? 0 : index + 1),
  ArrowLeft: (index, last) => (index === 0 ? last : index - 1),
  Home: () => 0,
  End: (_index, last) => last,
}

/**
 * Tabs between signing in and creating an account (WAI-ARIA tabs: arrow keys, Home and End
 * move between them; only the selected one is in the Tab order).
 */
function ModeTabs(props: { mode: SignInMode; onChange: (mode: SignInMode) => void; panelId: string; tabId: (mode: SignInMode) => string }) {
  const { t } = useLingui()
  const tabs: Array<{ mode: SignInMode; label: string }> = [
    { mode: 'signin', label: t`Sign in` },
    { mode: 'signup', label: t`Create account` },
  ]
  const refs = useRef(new Map<SignInMode, HTMLButtonElement>())
  const select = (mode: SignInMode) => {
    props.onChange(mode)
    refs.current.get(mode)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = TAB_KEYS[event.key]
    const next = step ? step(index, tabs.length - 1) : undefined
    const tab = next === undefined ? undefined : tabs[next]
    if (!tab) return
    event.preventDefault()
    select(tab.mode)
  }
  return (
    <div
      role="tablist"
      aria-label={t`Sign in or create an account`}
      className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1 dark:bg-stone-800"
    >
      {tabs.map((tab, index) => {
        const selected = tab.mode === props.mode
        return (
          <button
            key={tab.mode}
            ref={(element) => {
              if (element) refs.current.set(tab.mode, element)
              else refs.current.delete(tab.mode)
            }}
            type="button"
            role="tab"
            id={props.tabId(tab.mode)}
            aria-selected={selected}
            aria-controls={props.panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => select(tab.mode)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid={`auth-tab-${tab.mode}`}
            className={`min-h-11 rounded-full px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 dark:focus-visible:outline-stone-100 ${
              selected
                ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-950 dark:text-stone-50'
                : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
            }`}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

/** Already signed in (a second visit, or another account in this browser): continue, or sign out first. */
function SignedInNotice({ target, onSignedOut }: { target: SignInTarget; onSignedOut: () => void }) {
  const session = useQuery(sessionQuery())
  const signOut = useSignOut()
  const [busy, setBusy] = useState(false)
  if (!session.data) return null
  const email = session.data.user.email
  const params = { lang: langParam(target.lang) }
  const continueClass =
    'inline-flex min-h-11 items-center rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 dark:bg-stone-100 dark:text-stone-900'
  return (
    <div
      className="mt-6 rounded-2xl border border-stone-200 bg-stone-100 p-4 dark:border-stone-800 dark:bg-stone-900"
      data-testid="auth-signed-in"
    >
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
          className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-5 text-sm font-medium text-stone-800 hover:border-stone-500 disabled:opacity-60 dark:border-stone-600 dark:text-stone-100"
        >
          <Trans>Sign out</Trans>
        </button>
      </div>
    </div>
  )
}

/** better-auth sends a failed Kakao or Google sign-in back here with `?error=<code>`. */
function ProviderErrorNotice({ code }: { code: string }) {
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

function ProviderButtons({ providers, target, mode }: { providers: ReadonlyArray<Provider>; target: SignInTarget; mode: SignInMode }) {
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

/** Server errors that belong beside a field rather than above the form. */
type ServerFieldErrors = { email?: string; password?: string }

/**
 * What the e-mail forms share: the form-level alert, the server's field errors, and where the
 * focus goes when something is wrong.
 */
function useFailureDisplay() {
  const failureMessage = useFailureMessage()
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const [formError, setFormError] = useState<string | undefined>()
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors>({})
  return {
    formRef,
    alertRef,
    formError,
    serverErrors,
    reset() {
      setFormError(undefined)
      setServerErrors({})
    },
    clearField(field: keyof ServerFieldErrors) {
      setServerErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors))
    },
    show(failure: AuthFailure) {
      const text = failureMessage(failure)
      const field = failureField(failure)
      if (field === 'form') {
        setServerErrors({})
        setFormError(text)
        focusSoon(() => alertRef.current)
      } else {
        setFormError(undefined)
        setServerErrors(field === 'email' ? { email: text } : { password: text })
        focusFirstInvalid(formRef.current)
      }
    },
  }
}

function SignInForm({ target, onForgot }: { target: SignInTarget; onForgot: (() => void) | undefined }) {
  const { t } = useLingui()
  const id = useId()
  const fieldErrors = useFieldErrors()
  // The refs apart: React's compiler would take every read of `failures` for a ref read.
  const { formRef, alertRef, ...failures } = useFailureDisplay()
  const finish = useFinishEmailSignIn(target)
  const defaultValues: SignInFormValues = { email: '', password: '' }

  const form = useForm({
    defaultValues,
    // onChange only (a submit runs it too): errors kept under onBlur or onSubmit would outlive
    // the fix until that event comes again, and TanStack Form refuses to submit meanwhile.
    validators: { onChange: signInFormSchema },
    onSubmit: async ({ value }) => {
      failures.reset()
      const { email, password } = signInFormSchema.parse(value)
      const received: { token: string | null } = { token: null }
      const outcome = await runAuth(() =>
        authClient().signIn.email(
          { email, password, rememberMe: true },
          {
            ...authFetchOptions(target.lang),
            // The bearer token for the REST API comes only in this header of this answer.
            onSuccess: (context) => {
              received.token = context.response.headers.get('set-auth-token')
            },
          },
        ),
      )
      if (!outcome.ok) {
        failures.show(outcome.failure)
        return
      }
      await finish({ accessToken: received.token, user: outcome.data.user })
    },
  })

  return (
    <AuthForm
      formRef={formRef}
      failureId={failures.formError ? `${id}-failure` : undefined}
      submit={() => form.handleSubmit()}
      isValid={() => form.state.isValid}
      testId="sign-in-form"
    >
      {failures.formError ? (
        <FormAlert id={`${id}-failure`} ref={alertRef}>
          {failures.formError}
        </FormAlert>
      ) : null}
      <form.Subscribe selector={(state) => state.submissionAttempts > 0}>
        {(submitted) => (
          <>
            <form.Field name="email">
              {(field) => {
                const errors = fieldErrors(field.state.meta, submitted, failures.serverErrors.email)
                return (
                  <FieldRow id={`${id}-email`} label={<Trans>E-mail</Trans>} errors={errors}>
                    <EmailInput
                      id={`${id}-email`}
                      name="email"
                      value={field.state.value}
                      onChange={(event) => {
                        failures.clearField('email')
                        field.handleChange(event.target.value)
                      }}
                      onBlur={field.handleBlur}
                      aria-invalid={errors.length > 0}
                      aria-describedby={describedBy(`${id}-email`, { errors })}
                    />
                  </FieldRow>
                )
              }}
            </form.Field>
            <form.Field name="password">
              {(field) => {
                const errors = fieldErrors(field.state.meta, submitted, failures.serverErrors.password)
                return (
                  <FieldRow id={`${id}-password`} label={<Trans>Password</Trans>} errors={errors}>
                    <PasswordInput
                      id={`${id}-password`}
                      name="password"
                      autoComplete="current-password"
                      value={field.state.value}
                      onChange={(event) => {
                        failures.clearField('password')
                        field.handleChange(event.target.value)
                      }}
                      onBlur={field.handleBlur}
                      aria-invalid={errors.length > 0}
                      aria-describedby={describedBy(`${id}-password`, { errors })}
                      data-testid="auth-password"
                    />
                  </FieldRow>
                )
              }}
            </form.Field>
          </>
        )}
      </form.Subscribe>
      {onForgot ? (
        <div className="-my-3 flex justify-end">
          <button type="button" onClick={onForgot} className={`${textButtonClass} -mr-2`} data-testid="auth-forgot">
            <Trans>Forgot your password?</Trans>
          </button>
        </div>
      ) : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <SubmitButton busy={isSubmitting} busyLabel={t`Signing in…`} testId="auth-submit">
            <Trans>Sign in</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
    </AuthForm>
  )
}

function SignUpForm({ target }: { target: SignInTarget }) {
  const { t } = useLingui()
  const id = useId()
  const fieldErrors = useFieldErrors()
  // The refs apart: React's compiler would take every read of `failures` for a ref read.
  const { formRef, alertRef, ...failures } = useFailureDisplay()
  const finish = useFinishEmailSignIn(target)
  const defaultValues: SignUpFormValues = { name: '', email: '', password: '' }

  const form = useForm({
    defaultValues,
    // onChange only (a submit runs it too): errors kept under onBlur or onSubmit would outlive
    // the fix until that event comes again, and TanStack Form refuses to submit meanwhile.
    validators: { onChange: signUpFormSchema },
    onSubmit: async ({ value }) => {
      failures.reset()
      const { name, email, password } = signUpFormSchema.parse(value)
      const received: { token: string | null } = { token: null }
      const outcome = await runAuth(() =>
        authClient().signUp.email(
          { name, email, password },
          {
            ...authFetchOptions(target.lang),
            onSuccess: (context) => {
              received.token = context.response.headers.get('set-auth-token')
            },
          },
        ),
      )
      if (!outcome.ok) {
        failures.show(outcome.failure)
        return
      }
      await finish({ accessToken: received.token, user: outcome.data.user })
    },
  })

  return (
    <AuthForm
      formRef={formRef}
      failureId={failures.formError ? `${id}-failure` : undefined}
      submit={() => form.handleSubmit()}
      isValid={() => form.state.isValid}
      testId="sign-up-form"
    >
      {failures.formError ? (
        <FormAlert id={`${id}-failure`} ref={alertRef}>
          {failures.formError}
        </FormAlert>
      ) : null}
      <form.Subscribe selector={(state) => state.submissionAttempts > 0}>
        {(submitted) => (
          <>
            <form.Field name="name">
              {(field) => {
                const errors = fieldErrors(field.state.meta, submitted, undefined)
                return (
                  <FieldRow id={`${id}-name`} label={<Trans>Your name</Trans>} errors={errors}>
                    <input
                      id={`${id}-name`}
                      name="name"
                      autoComplete="name"
                      value={field.state.value}
                      onChange={(event) => field.handleChange(event.target.value)}
                      onBlur={field.handleBlur}
                      aria-invalid={errors.length > 0}
                      aria-describedby={describedBy(`${id}-name`, { errors })}
                      className={inputClass}
                      data-testid="auth-name"
                    />
                  </FieldRow>
                )
              }}
            </form.Field>
            <form.Field name="email">
              {(field) => {
                const errors = fieldErrors(field.state.meta, submitted, failures.serverErrors.email)
                return (
                  <FieldRow id={`${id}-email`} label={<Trans>E-mail</Trans>} errors={errors}>
                    <EmailInput
                      id={`${id}-email`}
                      name="email"
                      value={field.state.value}
                      onChange={(event) => {
                        failures.clearField('email')
                        field.handleChange(event.target.value)
                      }}
                      onBlur={field.handleBlur}
                      aria-invalid={errors.length > 0}
                      aria-describedby={describedBy(`${id}-email`, { errors })}
                    />
                  </FieldRow>
                )
              }}
            </form.Field>
            <form.Field name="password">
              {(field) => {
                const errors = fieldErrors(field.state.meta, submitted, failures.serverErrors.password)
                return (
                  <FieldRow
                    id={`${id}-password`}
                    label={<Trans>Password</Trans>}
                    hint={<Trans>At least 8 characters.</Trans>}
                    errors={errors}
                  >
                    <PasswordInput
                      id={`${id}-password`}
                      name="password"
                      autoComplete="new-password"
                      value={field.state.value}
                      onChange={(event) => {
                        failures.clearField('password')
                        field.handleChange(event.target.value)
                      }}
                      onBlur={field.handleBlur}
                      aria-invalid={errors.length > 0}
                      aria-describedby={describedBy(`${id}-password`, { hint: true, errors })}
                      data-testid="auth-password"
                    />
                  </FieldRow>
                )
              }}
            </form.Field>
          </>
        )}
      </form.Subscribe>
      <p className="text-sm leading-relaxed text-stone-600 dark:text-stone-400">
        <Trans>
          By creating an account you agree to the{' '}
          <Link
            to="/{-$lang}/agreement"
            params={{ lang: langParam(target.lang) }}
            className="font-medium text-stone-800 underline underline-offset-4 dark:text-stone-200"
          >
            terms of use and the privacy notice
          </Link>
          .
        </Trans>
      </p>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <SubmitButton busy={isSubmitting} busyLabel={t`Creating your account…`} testId="auth-submit">
            <Trans>Create account</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
    </AuthForm>
  )
}

function ForgotPasswordForm({ lang, onBack }: { lang: Lang; onBack: () => void }) {
  const { t } = useLingui()
  const id = useId()
  const router = useRouter()
  const fieldErrors = useFieldErrors()
  // The refs apart: React's compiler would take every read of `failures` for a ref read.
  const { formRef, alertRef, ...failures } = useFailureDisplay()
  const [sentTo, setSentTo] = useState<string | undefined>()
  const sentRef = useRef<HTMLDivElement>(null)
  const defaultValues: ForgotPasswordFormValues = { email: '' }

  const form = useForm({
    defaultValues,
    // onChange only (a submit runs it too): errors kept under onBlur or onSubmit would outlive
    // the fix until that event comes again, and TanStack Form refuses to submit meanwhile.
    validators: { onChange: forgotPasswordFormSchema },
    onSubmit: async ({ value }) => {
      failures.reset()
      const { email } = forgotPasswordFormSchema.parse(value)
      // The e-mailed link passes through better-auth, which checks the token and sends the
      // browser on to this page in the same language.
      const redirectTo = router.buildLocation({ to: '/{-$lang}/login/reset', params: { lang: langParam(lang) } }).publicHref
      const outcome = await runAuth(() => authClient().requestPasswordReset({ email, redirectTo }, authFetchOptions(lang)))
      if (!outcome.ok) {
        failures.show(outcome.failure)
        return
      }
      setSentTo(email)
      focusSoon(() => sentRef.current)
    },
  })

  const backButton = (
    <button type="button" onClick={onBack} className={textButtonClass} data-testid="auth-back-to-sign-in">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mr-1 size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M12 4 6 10l6 6" />
      </svg>
      <Trans>Back to sign in</Trans>
    </button>
  )

  if (sentTo) {
    return (
      <div>
        <div
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 outline-none dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          data-testid="auth-reset-sent"
        >
          <p className="font-semibold">
            <Trans>Check your inbox</Trans>
          </p>
          <p className="mt-1 text-sm leading-relaxed">
            <Trans>
              If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent it a link to choose a new password. The
              link works for one hour.
            </Trans>
          </p>
        </div>
        <div className="mt-4">{backButton}</div>
      </div>
    )
  }

  return (
    <AuthForm
      formRef={formRef}
      failureId={failures.formError ? `${id}-failure` : undefined}
      submit={() => form.handleSubmit()}
      isValid={() => form.state.isValid}
      testId="forgot-password-form"
    >
      {failures.formError ? (
        <FormAlert id={`${id}-failure`} ref={alertRef}>
          {failures.formError}
        </FormAlert>
      ) : null}
      <form.Subscribe selector={(state) => state.submissionAttempts > 0}>
        {(submitted) => (
          <form.Field name="email">
            {(field) => {
              const errors = fieldErrors(field.state.meta, submitted, failures.serverErrors.email)
              return (
                <FieldRow id={`${id}-email`} label={<Trans>E-mail</Trans>} errors={errors}>
                  <EmailInput
                    id={`${id}-email`}
                    name="email"
                    value={field.state.value}
                    onChange={(event) => {
                      failures.clearField('email')
                      field.handleChange(event.target.value)
                    }}
                    onBlur={field.handleBlur}
                    aria-invalid={errors.length > 0}
                    aria-describedby={describedBy(`${id}-email`, { errors })}
                  />
                </FieldRow>
              )
            }}
          </form.Field>
        )}
      </form.Subscribe>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <SubmitButton busy={isSubmitting} busyLabel={t`Sending…`} testId="auth-submit">
            <Trans>Send me a link</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
      <div>{backButton}</div>
    </AuthForm>
  )
}
