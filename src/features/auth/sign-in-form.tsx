import { Trans, useLingui } from '@lingui/react/macro'
import { authClient } from '~/lib/auth-client'
import { signInFormSchema } from './auth-schemas'
import { CREDENTIAL_FIELDS, CredentialFields } from './credential-fields'
import { AuthForm, textButtonClass } from './form-parts'
import type { SignInTarget } from './use-auth-actions'
import { useAuthForm, useEmailSignIn } from './use-auth-form'
import { useFailureDisplay } from './use-failure-display'

/** E-mail and password; "Forgot your password?" when mail is configured. */
export function SignInForm({ target, onForgot }: { target: SignInTarget; onForgot: (() => void) | undefined }) {
  const { t } = useLingui()
  const failures = useFailureDisplay(['email', 'password'])
  const signIn = useEmailSignIn(target, failures)
  const form = useAuthForm({
    schema: signInFormSchema,
    defaultValues: { email: '', password: '' },
    failures,
    onSubmit: ({ email, password }) => signIn((options) => authClient().signIn.email({ email, password, rememberMe: true }, options)),
  })

  return (
    <AuthForm form={form} failures={failures} testId="sign-in-form">
      <CredentialFields form={form} fields={CREDENTIAL_FIELDS} failures={failures} password="current" />
      {onForgot ? (
        <div className="-my-3 flex justify-end">
          <button type="button" onClick={onForgot} className={`${textButtonClass} -mr-2`} data-testid="auth-forgot">
            <Trans>Forgot your password?</Trans>
          </button>
        </div>
      ) : null}
      <form.SubmitButton busyLabel={t`Signing in…`} testId="auth-submit">
        <Trans>Sign in</Trans>
      </form.SubmitButton>
    </AuthForm>
  )
}
