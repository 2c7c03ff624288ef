import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ComponentProps, type ReactNode, type Ref, type RefObject } from 'react'

/*
 * The pieces every sign-in form shares: a labelled field with its hint and error beside it,
 * a password input that can be shown, the form-level alert and the buttons.
 */

export const inputClass =
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm transition placeholder:text-stone-400 focus:border-stone-900 focus:outline-2 focus:outline-offset-0 focus:outline-stone-900 aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100 dark:focus:border-stone-100 dark:focus:outline-stone-100 dark:aria-[invalid=true]:border-red-400'

export const primaryButtonClass =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-stone-900 px-6 text-base font-semibold text-white shadow-sm transition hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-wait disabled:opacity-70 dark:bg-stone-100 dark:text-stone-900 dark:hover:bg-white dark:focus-visible:outline-stone-100'

export const textButtonClass =
  'inline-flex min-h-11 items-center rounded-full px-2 text-sm font-medium text-stone-700 underline underline-offset-4 hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 dark:text-stone-300 dark:hover:text-white dark:focus-visible:outline-stone-100'

/** A field error is a zod issue whose message is a Lingui id, or already-translated text. */
export function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message
  return undefined
}

/**
 * The translated errors to show beside a field. Schema errors appear once the field was left
 * or the form submitted, so typing an address does not greet the user with "invalid" at the
 * first letter; a server error (e-mail already in use) shows until the field changes, and
 * takes precedence while it does.
 */
export function useFieldErrors() {
  const { i18n } = useLingui()
  return (meta: { errors: Array<unknown>; isBlurred: boolean }, submitted: boolean, serverError: string | undefined) => {
    // One message at a time: an empty address fails both "enter one" and "valid one".
    const first = meta.isBlurred || submitted ? meta.errors.map(errorText).find((text) => Boolean(text)) : undefined
    if (serverError) return [serverError]
    return first ? [i18n._(first)] : []
  }
}

/** Ids of the elements that describe an input: its hint, then its error. */
export function describedBy(id: string, options: { hint?: boolean; errors: Array<string> }): string | undefined {
  const ids = [options.hint ? `${id}-hint` : undefined, options.errors.length > 0 ? `${id}-error` : undefined].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export function FieldRow(props: { id: string; label: ReactNode; hint?: ReactNode; errors: Array<string>; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {props.label}
      </label>
      <div className="mt-1">{props.children}</div>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          {props.hint}
        </p>
      ) : null}
      {props.errors.length > 0 ? (
        <p
          id={`${props.id}-error`}
          className="mt-1 flex gap-1.5 text-sm font-medium text-red-700 dark:text-red-300"
          data-testid={`${props.id}-error`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
          </svg>
          <span>{props.errors.join(' ')}</span>
        </p>
      ) : null}
    </div>
  )
}

/** An e-mail input as phones and password managers expect it. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      className={inputClass}
      data-testid="auth-email"
      {...props}
    />
  )
}

/**
 * The `<form>` of every sign-in form: no browser validation (ours speaks the page's language),
 * the form-level alert as its description, and the focus on the first invalid field when a
 * submit is refused.
 */
export function AuthForm({
  formRef,
  ...props
}: {
  formRef: RefObject<HTMLFormElement | null>
  failureId: string | undefined
  submit: () => Promise<void>
  isValid: () => boolean
  testId: string
  children: ReactNode
}) {
  return (
    <form
      ref={formRef}
      // Submitted before the scripts load, the browser posts the form to this page (which
      // shows it again) rather than putting the password into the address as a GET would.
      method="post"
      noValidate
      aria-describedby={props.failureId}
      onSubmit={(event) => {
        event.preventDefault()
        void props.submit().then(() => {
          if (!props.isValid()) focusFirstInvalid(formRef.current)
        })
      }}
      className="grid gap-5"
      data-testid={props.testId}
    >
      {props.children}
    </form>
  )
}

/** A password input with a button that shows what was typed (fewer typos on a phone). */
export function PasswordInput({ ref, ...props }: Omit<ComponentProps<'input'>, 'type'> & { id: string }) {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <input ref={ref} {...props} type={visible ? 'text' : 'password'} className={`${inputClass} pr-12`} />
      <button
        type="button"
        aria-controls={props.id}
        aria-pressed={visible}
        aria-label={t`Show password`}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-600 hover:text-stone-950 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-stone-900 dark:text-stone-300 dark:hover:text-white"
      >
        {visible ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.2A9.8 9.8 0 0 1 12 5c5 0 8.5 4.2 9.5 7a11.6 11.6 0 0 1-2.6 3.8M6.2 6.3C4.3 7.6 3 9.6 2.5 12c1 2.8 4.5 7 9.5 7 1.6 0 3.1-.4 4.4-1.1" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M2.5 12C3.5 9.2 7 5 12 5s8.5 4.2 9.5 7c-1 2.8-4.5 7-9.5 7s-8.5-4.2-9.5-7Z" />
            <circle cx="12" cy="12" r="3" />
          </svg>
        )}
      </button>
    </div>
  )
}

/**
 * An error about the whole form (wrong password, too many attempts): announced at once and
 * focusable, so the form can move the focus to it.
 */
export function FormAlert({ ref, ...props }: { id: string; children: ReactNode; testId?: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      id={props.id}
      role="alert"
      tabIndex={-1}
      data-testid={props.testId ?? 'auth-form-error'}
      className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 outline-none focus-visible:ring-2 focus-visible:ring-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
      </svg>
      <div>{props.children}</div>
    </div>
  )
}

export function SubmitButton(props: { busy: boolean; children: ReactNode; busyLabel: ReactNode; testId: string }) {
  return (
    <button type="submit" disabled={props.busy} aria-busy={props.busy} className={primaryButtonClass} data-testid={props.testId}>
      {props.busy ? (
        <>
          <Spinner />
          {props.busyLabel}
        </>
      ) : (
        props.children
      )}
    </button>
  )
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`${className} animate-spin motion-reduce:animate-none`} fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

/**
 * Moves the focus to the first field marked invalid, after React has drawn the errors: a
 * screen-reader user hears the field and its error, a keyboard user can fix it at once.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
}

/** Focuses an element once it is drawn (a form-level alert that has just appeared). */
export function focusSoon(element: () => HTMLElement | null): void {
  requestAnimationFrame(() => element()?.focus())
}

/** The muted explanatory line under a heading. */
export function Lead({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-base leading-relaxed text-stone-600 dark:text-stone-300">{children}</p>
}

/** The card the forms sit in. */
export function AuthCard({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900"
    >
      {children}
    </div>
  )
}

/** Between the Kakao and Google buttons and the e-mail form. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-stone-600 dark:text-stone-400">
      <span aria-hidden="true" className="h-px flex-1 bg-stone-200 dark:bg-stone-700" />
      <span>
        <Trans>or with your e-mail</Trans>
      </span>
      <span aria-hidden="true" className="h-px flex-1 bg-stone-200 dark:bg-stone-700" />
    </div>
  )
}
