import { Trans, useLingui } from '@lingui/react/macro'
import { authClient } from '~/lib/auth-client'
import type { Lang } from '~/lib/lang'
import { resetPasswordFormSchema } from './auth-schemas'
import { AuthForm } from './form-parts'
import { authFetchOptions, runAuth } from './use-auth-actions'
import { useAuthForm } from './use-auth-form'
import { useFailureDisplay } from './use-failure-display'

/** The new password, twice; a dead link is handed back to the page. */
export function ResetPasswordForm(props: { lang: Lang; token: string; onDone: () => void; onLinkDead: () => void }) {
  const { t } = useLingui()
  const failures = useFailureDisplay(['password'])
  const form = useAuthForm({
    schema: resetPasswordFormSchema,
    defaultValues: { password: '', confirm: '' },
    failures,
    onSubmit: async ({ password }) => {
      const outcome = await runAuth(() => authClient().resetPassword({ newPassword: password, token: props.token }, authFetchOptions(props.lang)))
      if (outcome.ok) {
        props.onDone()
        return
      }
      if (outcome.failure.kind === 'invalid-token') {
        props.onLinkDead()
        return
      }
      // A password better-auth finds too short or too long goes beside the field; the rest
      // (too many attempts, no connection) above the form.
      failures.show(outcome.failure)
    },
  })

  return (
    <AuthForm form={form} failures={failures} testId="reset-password-form">
      <form.AppField name="password">
        {(field) => (
          <field.PasswordField
            label={<Trans>New password</Trans>}
            hint={<Trans>At least 8 characters.</Trans>}
            autoComplete="new-password"
            testId="auth-new-password"
            {...failures.fieldProps('password')}
          />
        )}
      </form.AppField>
      <form.AppField name="confirm">
        {(field) => <field.PasswordField label={<Trans>New password again</Trans>} autoComplete="new-password" testId="auth-confirm-password" />}
      </form.AppField>
      <form.SubmitButton busyLabel={t`Saving…`} testId="auth-submit">
        <Trans>Save the new password</Trans>
      </form.SubmitButton>
    </AuthForm>
  )
}
