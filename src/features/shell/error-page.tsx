import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext, useRouterState } from '@tanstack/react-router'
import { pageTitle } from '~/lib/site'
import { langParam } from '~/lib/lang'
import { useLang } from '~/i18n/use-lang'
import { PageShell } from './page-shell'
import { buttonClass } from '~/components/ui'

/** The page every error status shows: the number, a heading, what happened and the way home. */
export function ErrorLayout({
  status,
  title,
  documentTitle,
  description,
}: {
  status: number
  title: React.ReactNode
  documentTitle: string
  description: React.ReactNode
}) {
  const lang = useLang()
  const { site } = useRouteContext({ from: '__root__' })
  return (
    <PageShell>
      {/* No route head() runs for an error; React 19 hoists this title into <head>. */}
      <title>{pageTitle(documentTitle, site.siteName[lang])}</title>
      <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="error-title">
        <p className="text-6xl font-bold tracking-tight text-stone-500 dark:text-stone-400" data-testid="error-status">
          {status}
        </p>
        <h1 id="error-title" className="mt-4 text-2xl font-semibold sm:text-3xl">
          {title}
        </h1>
        <p className="mt-3 break-words text-stone-600 dark:text-stone-300" data-testid="error-description">
          {description}
        </p>
        <Link to="/{-$lang}" params={{ lang: langParam(lang) }} className={buttonClass('primary', 'md', 'mt-8')}>
          <Trans>Back to the home page</Trans>
        </Link>
      </section>
    </PageShell>
  )
}

/** Spec §2/§8: 404, "Page Not Found", 'Page not found: {path}'. */
export function NotFoundPage() {
  const path = useRouterState({ select: (state) => state.location.pathname })
  const { t } = useLingui()
  return <ErrorLayout status={404} documentTitle={t`Page Not Found`} title={<Trans>Page Not Found</Trans>} description={t`Page not found: ${path}`} />
}

/** Spec §8: any failure other than a missing page. Details stay in the server log. */
export function ServerErrorPage() {
  const { t } = useLingui()
  return (
    <ErrorLayout
      status={500}
      documentTitle={t`Internal Server Error`}
      title={<Trans>Internal Server Error</Trans>}
      description={<Trans>Something went wrong on our side. Please try again in a moment.</Trans>}
    />
  )
}
