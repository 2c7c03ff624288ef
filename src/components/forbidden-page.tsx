import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useLang } from '~/i18n/use-lang'
import { langParam } from '~/lib/lang'
import { pageTitle } from '~/lib/site'
import { PageShell } from './page-shell'
import { buttonClass } from './ui'

/** 403: signed in, but this homepage belongs to someone else. */
export function ForbiddenPage() {
  const lang = useLang()
  const { t } = useLingui()
  const { site } = useRouteContext({ from: '__root__' })
  return (
    <PageShell>
      <title>{pageTitle(t`Access denied`, site.siteName[lang])}</title>
      <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="forbidden-title">
        <p className="text-6xl font-bold tracking-tight text-stone-400 dark:text-stone-500" data-testid="error-status">
          403
        </p>
        <h1 id="forbidden-title" className="mt-4 text-2xl font-semibold sm:text-3xl">
          <Trans>Access denied</Trans>
        </h1>
        <p className="mt-3 text-stone-600 dark:text-stone-300">
          <Trans>This homepage belongs to another account. Sign in with the account that made it.</Trans>
        </p>
        <Link to="/{-$lang}" params={{ lang: langParam(lang) }} className={buttonClass('primary', 'md', 'mt-8')}>
          <Trans>Back to the home page</Trans>
        </Link>
      </section>
    </PageShell>
  )
}
