import { Trans, useLingui } from '@lingui/react/macro'
import { ErrorLayout } from './error-page'

/** 403: signed in, but this homepage belongs to someone else. */
export function ForbiddenPage() {
  const { t } = useLingui()
  return (
    <ErrorLayout
      status={403}
      title={<Trans>Access denied</Trans>}
      documentTitle={t`Access denied`}
      description={<Trans>This homepage belongs to another account. Sign in with the account that made it.</Trans>}
    />
  )
}
