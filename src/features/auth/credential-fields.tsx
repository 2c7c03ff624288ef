import { Trans } from '@lingui/react/macro'
import { withFieldGroup } from '~/components/form/app-form'
import type { FailureDisplay } from './use-failure-display'

/** Where the e-mail and password live in the sign-in and sign-up forms. */
export const CREDENTIAL_FIELDS = { email: 'email', password: 'password' } as const

type CredentialProps = {
  failures: Pick<FailureDisplay, 'fieldProps'>
  /** Signing up chooses a password (hinted, `new-password`); signing in types the current one. */
  password: 'current' | 'new'
}

const defaultProps: CredentialProps = {
  failures: { fieldProps: () => ({ serverError: undefined, onEdit: () => undefined }) },
  password: 'current',
}

/** The e-mail and the password of signing in or up, with the server's errors beside them. */
export const CredentialFields = withFieldGroup({
  defaultValues: { email: '', password: '' },
  props: defaultProps,
  render: function Credentials({ group, failures, password }) {
    return (
      <>
        <group.AppField name="email">
          {(field) => <field.EmailField label={<Trans>E-mail</Trans>} testId="auth-email" {...failures.fieldProps('email')} />}
        </group.AppField>
        <group.AppField name="password">
          {(field) => (
            <field.PasswordField
              label={<Trans>Password</Trans>}
              hint={password === 'new' ? <Trans>At least 8 characters.</Trans> : undefined}
              autoComplete={password === 'new' ? 'new-password' : 'current-password'}
              testId="auth-password"
              {...failures.fieldProps('password')}
            />
          )}
        </group.AppField>
      </>
    )
  },
})
