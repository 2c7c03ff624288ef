import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { authClient } from '~/lib/auth-client'
import { langParam } from '~/lib/lang'
import { signUpFormSchema } from './auth-schemas'
import { CREDENTIAL_FIELDS, CredentialFields } from './credential-fields'
import { AuthForm } from './form-parts'
import type { SignInTarget } from './use-auth-actions'
import { useAuthForm, useEmailSignIn } from './use-auth-form'
import { useFailureDisplay } from './use-failure-display'

/** Name, e-mail and a new password; the terms are linked above the button. */
export function SignUpForm({ target }: { target: SignInTarget }) {
  const { t } = useLingui()
  const failures = useFailureDisplay(['email', 'password'])
  const signUp = useEmailSignIn(target, failures)
  const form = useAuthForm({
    schema: signUpFormSchema,
    defaultValues: { name: '', email: '', password: '' },
    failures,
    onSubmit: ({ name, email, password }) => signUp((options) => authClient().signUp.email({ name, email, password }, options)),
  })

  return (
    <AuthForm form={form} failures={failures} testId="sign-up-form">
      <form.AppField name="name">{(field) => <field.TextField label={<Trans>Your name</Trans>} autoComplete="name" testId="auth-name" />}</form.AppField>
      <CredentialFields form={form} fields={CREDENTIAL_FIELDS} failures={failures} password="new" />
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
      <form.SubmitButton busyLabel={t`Creating your account…`} testId="auth-submit">
        <Trans>Create account</Trans>
      </form.SubmitButton>
    </AuthForm>
  )
}
