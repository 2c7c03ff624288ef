import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { langParam, type Lang } from '~/lib/lang'

/*
 * The small pages a visitor lands on from a form posted without scripts or from a link in a
 * mail (a saved search confirmed or managed, a tour requested): a card with what happened, in
 * a live region, and the way back to the realtor's homepage.
 */

export function StatusPageShell({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-2xl font-semibold text-stone-900 dark:text-stone-100">{title}</h1>
        <div className="mt-4 grid gap-4 text-stone-800 dark:text-stone-200">{children}</div>
      </div>
    </main>
  )
}

/** What happened: a success as a status, a failure as an alert. */
export function StatusNotice({ tone, children, testId }: { tone: 'ok' | 'error'; children: ReactNode; testId: string }) {
  const className =
    tone === 'ok'
      ? 'rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
      : 'rounded-lg bg-red-50 p-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-200'
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={className} data-testid={testId}>
      {children}
    </p>
  )
}

export const statusLinkClass = 'font-medium text-[var(--accent-text)] underline underline-offset-4'

/** The link back to the realtor's homepage. */
export function HomepageLink({ lang, desiredUrl }: { lang: Lang; desiredUrl: string }) {
  return (
    <Link to="/{-$lang}/$desiredUrl" params={{ lang: langParam(lang), desiredUrl }} className={statusLinkClass}>
      <Trans>Back to the homepage</Trans>
    </Link>
  )
}

/**
 * The page a visitor's form posted without scripts lands on (`?status=sent`, or `?failed=` with the
 * fields or reason at fault, and `back`, the page the form was on): what happened, and the way back
 * to that page (only a path of this site), else to the homepage. Test ids are
 * `{testIdPrefix}-sent`, `-failed` and `-back`.
 */
export function FormStatusPage({
  search,
  lang,
  desiredUrl,
  testIdPrefix,
  words,
}: {
  search: { status?: 'sent' | undefined; failed?: string | undefined; back?: string | undefined }
  lang: Lang
  desiredUrl: string
  testIdPrefix: string
  words: { sentTitle: string; failedTitle: string; sent: ReactNode; back: ReactNode; problem: (failed: ReadonlyArray<string>) => string }
}) {
  const back = search.back?.startsWith('/') && !search.back.startsWith('//') ? search.back : undefined
  const sent = search.status === 'sent'
  return (
    <StatusPageShell title={sent ? words.sentTitle : words.failedTitle}>
      {sent ? (
        <StatusNotice tone="ok" testId={`${testIdPrefix}-sent`}>
          {words.sent}
        </StatusNotice>
      ) : (
        <StatusNotice tone="error" testId={`${testIdPrefix}-failed`}>
          {words.problem(search.failed?.split(',') ?? [])}
        </StatusNotice>
      )}
      <p>
        {back ? (
          <a href={back} className={statusLinkClass} data-testid={`${testIdPrefix}-back`}>
            {words.back}
          </a>
        ) : (
          <HomepageLink lang={lang} desiredUrl={desiredUrl} />
        )}
      </p>
    </StatusPageShell>
  )
}
