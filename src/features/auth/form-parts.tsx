import { Trans } from '@lingui/react/macro'
import { useId, type ComponentType, type ReactNode, type Ref } from 'react'
import { focusFirstInvalid } from '~/components/form/focus'
import type { FailureDisplay } from './use-failure-display'

/*
 * The frame every sign-in form shares: the `<form>` with its form-level alert, the card and
 * the lead they sit in, and the text buttons. The fields are the shared ones of
 * `~/components/form`.
 */

export const textButtonClass =
  'inline-flex min-h-11 items-center rounded-full px-2 text-sm font-medium text-stone-700 underline underline-offset-4 hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 dark:text-stone-300 dark:hover:text-white dark:focus-visible:outline-stone-100'

/**
 * The `<form>` of every sign-in form: no browser validation (ours speaks the page's language),
 * the form-level alert first and as its description, and the focus on the first invalid field
 * when a submit is refused. Inside it the form's own components (`<form.SubmitButton>`) work.
 */
export function AuthForm(props: {
  form: { handleSubmit: () => Promise<void>; state: { isValid: boolean }; AppForm: ComponentType<{ children?: ReactNode }> }
  failures: Pick<FailureDisplay, 'formRef' | 'alertRef' | 'formError'>
  testId: string
  children: ReactNode
}) {
  const { formRef, alertRef, formError } = props.failures
  const failureId = `${useId()}-failure`
  return (
    <props.form.AppForm>
      <form
        ref={formRef}
        // Submitted before the scripts load, the browser posts the form to this page (which
        // shows it again) rather than putting the password into the address as a GET would.
        method="post"
        noValidate
        aria-describedby={formError ? failureId : undefined}
        onSubmit={(event) => {
          event.preventDefault()
          void props.form.handleSubmit().then(() => {
            if (!props.form.state.isValid) focusFirstInvalid(formRef.current)
          })
        }}
        className="grid gap-5"
        data-testid={props.testId}
      >
        {formError ? (
          <FormAlert id={failureId} ref={alertRef}>
            {formError}
          </FormAlert>
        ) : null}
        {props.children}
      </form>
    </props.form.AppForm>
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

/** The muted explanatory line under a heading. */
export function Lead({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-base leading-relaxed text-stone-600 dark:text-stone-300">{children}</p>
}

/** The card the forms sit in. */
export function AuthCard({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900">
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
