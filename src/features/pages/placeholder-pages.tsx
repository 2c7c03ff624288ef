import { Trans } from '@lingui/react/macro'
import { PageHeading, PageShell } from '~/components/page-shell'

/*
 * Pages whose content belongs to later work (sign-in, onboarding, editor). They already
 * render the final frame and heading so that routing, language and SEO are testable now.
 */

export function LoginPage() {
  return (
    <PageShell>
      <PageHeading>
        <Trans>Sign in</Trans>
      </PageHeading>
    </PageShell>
  )
}

export function LoginRedirectPage() {
  return (
    <PageShell>
      <PageHeading>
        <Trans>Signing you in…</Trans>
      </PageHeading>
    </PageShell>
  )
}

export function ProcessPage() {
  return (
    <PageShell>
      <PageHeading>
        <Trans>Create your homepage</Trans>
      </PageHeading>
    </PageShell>
  )
}

export function AdminPage() {
  return (
    <PageShell>
      <PageHeading>
        <Trans>Edit your homepage</Trans>
      </PageHeading>
    </PageShell>
  )
}
