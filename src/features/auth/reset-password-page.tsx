import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { PageHeading, PageShell } from '~/components/page-shell'
import { authClient } from '~/lib/auth-client'
import { langParam, type Lang } from '~/lib/lang'
import { resetPasswordFormSchema, type ResetPasswordFormValues } from './auth-schemas'
import {
  AuthCard,
  AuthForm,
  FieldRow,
  FormAlert,
  Lead,
  PasswordInput,
  SubmitButton,
  describedBy,
  focusFirstInvalid,
  focusSoon,
  primaryButtonClass,
  useFieldErrors,
} from './form-parts'
import type { ResetPasswordSearch } from './sign-in-flow'
import { authFetchOptions, runAuth, useFailureMessage } from './use-auth-actions'

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
            <h1
              ref={doneRef}
              tabIndex={-1}
              className="text-3xl font-bold tracking-tight text-balance outline-none sm:text-4xl"
              data-testid="auth-reset-done"
            >
              <Trans>Your password has been changed</Trans>
            </h1>
            <Lead>
              <Trans>Sign in with your new password.</Trans>
            </Lead>
            <AuthCard>
              <Link to="/{-$lang}/login" params={params} className={primaryButtonClass}>
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
              <NewPasswordForm
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
                className={primaryButtonClass}
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

function NewPasswordForm(props: { lang: Lang; token: string; onDone: () => void; onLinkDead: () => void }) {
  const { t } = useLingui()
  const id = useId()
  const fieldErrors = useFieldErrors()
  const failureMessage = useFailureMessage()
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const [formError, setFormError] = useState<string | undefined>()
  const [passwordError, setPasswordError] = useState<string | undefined>()
  const defaultValues: ResetPasswordFormValues = { password: '', confirm: '' }

  const form = useForm({
    defaultValues,
    // onChange only (a submit runs it too): errors kept under onBlur or onSubmit would outlive
    // the fix until that event comes again, and TanStack Form refuses to submit meanwhile.
    validators: { onChange: resetPasswordFormSchema },
    onSubmit: async ({ value }) => {
      setFormError(undefined)
      setPasswordError(undefined)
      const { password } = resetPasswordFormSchema.parse(value)
      const outcome = await runAuth(() =>
        authClient().resetPassword({ newPassword: password, token: props.token }, authFetchOptions(props.lang)),
      )
      if (outcome.ok) {
        props.onDone()
        return
      }
      if (outcome.failure.kind === 'invalid-token') {
        props.onLinkDead()
        return
      }
      if (outcome.failure.kind === 'password-too-short' || outcome.failure.kind === 'password-too-long') {
        setPasswordError(failureMessage(outcome.failure))
        focusFirstInvalid(formRef.current)
        return
      }
      setFormError(failureMessage(outcome.failure))
      focusSoon(() => alertRef.current)
    },
  })

  return (
    <AuthForm
      formRef={formRef}
      failureId={formError ? `${id}-failure` : undefined}
      submit={() => form.handleSubmit()}
      isValid={() => form.state.isValid}
      testId="reset-password-form"
    >
      {formError ? (
        <FormAlert id={`${id}-failure`} ref={alertRef}>
          {formError}
        </FormAlert>
      ) : null}
      <form.Subscribe selector={(state) => state.submissionAttempts > 0}>
        {(submitted) => (
          <>
            <form.Field name="password">
              {(field) => {
                const errors = fieldErrors(field.state.meta, submitted, passwordError)
                return (
                  <FieldRow
                    id={`${id}-password`}
                    label={<Trans>New password</Trans>}
                    hint={<Trans>At least 8 characters.</Trans>}
                    errors={errors}
                  >
                    <PasswordInput
                      id={`${id}-password`}
                      name="password"
                      autoComplete="new-password"
                      value={field.state.value}
                      onChange={(event) => {
                        setPasswordError(undefined)
                        field.handleChange(event.target.value)
                      }}
                      onBlur={field.handleBlur}
                      aria-invalid={errors.length > 0}
                      aria-describedby={describedBy(`${id}-password`, { hint: true, errors })}
                      data-testid="auth-new-password"
                    />
                  </FieldRow>
                )
              }}
            </form.Field>
            <form.Field name="confirm">
              {(field) => {
                const errors = fieldErrors(field.state.meta, submitted, undefined)
                return (
                  <FieldRow id={`${id}-confirm`} label={<Trans>New password again</Trans>} errors={errors}>
                    <PasswordInput
                      id={`${id}-confirm`}
                      name="confirm"
                      autoComplete="new-password"
                      value={field.state.value}
                      onChange={(event) => field.handleChange(event.target.value)}
                      onBlur={field.handleBlur}
                      aria-invalid={errors.length > 0}
                      aria-describedby={describedBy(`${id}-confirm`, { errors })}
                      data-testid="auth-confirm-password"
                    />
                  </FieldRow>
                )
              }}
            </form.Field>
          </>
        )}
      </form.Subscribe>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <SubmitButton busy={isSubmitting} busyLabel={t`Saving…`} testId="auth-submit">
            <Trans>Save the new password</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
    </AuthForm>
  )
}
