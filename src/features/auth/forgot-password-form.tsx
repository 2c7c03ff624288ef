import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { focusSoon } from '~/components/form/focus'
import { authClient } from '~/lib/auth-client'
import { langParam, type Lang } from '~/lib/lang'
import { forgotPasswordFormSchema } from './auth-schemas'
import { AuthForm, textButtonClass } from './form-parts'
import { authFetchOptions, runAuth } from './use-auth-actions'
import { useAuthForm } from './use-auth-form'
import { useFailureDisplay } from './use-failure-display'

/** Asks for a link to choose a new password; then says where it went. */
export function ForgotPasswordForm({ lang, onBack }: { lang: Lang; onBack: () => void }) {
  const { t } = useLingui()
  const router = useRouter()
  const failures = useFailureDisplay(['email'])
  const [sentTo, setSentTo] = useState<string | undefined>()
  const sentRef = useRef<HTMLDivElement>(null)
  const form = useAuthForm({
    schema: forgotPasswordFormSchema,
    defaultValues: { email: '' },
    failures,
    onSubmit: async ({ email }) => {
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
              If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent it a link to choose a new password. The link works for one
              hour.
            </Trans>
          </p>
        </div>
        <div className="mt-4">{backButton}</div>
      </div>
    )
  }

  return (
    <AuthForm form={form} failures={failures} testId="forgot-password-form">
      <form.AppField name="email">
        {(field) => <field.EmailField label={<Trans>E-mail</Trans>} testId="auth-email" {...failures.fieldProps('email')} />}
      </form.AppField>
      <form.SubmitButton busyLabel={t`Sending…`} testId="auth-submit">
        <Trans>Send me a link</Trans>
      </form.SubmitButton>
      <div>{backButton}</div>
    </AuthForm>
  )
}
