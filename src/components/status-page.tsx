import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { FormStatusSearch } from '~/lib/form-status'
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

/** What a visitor form's status page says: its titles, its words when sent, its link back, and its own reasons for a refusal. */
export type FormStatusWords = {
  titles: { sent: MessageDescriptor; failed: MessageDescriptor }
  sent: MessageDescriptor
  back: MessageDescriptor
  /** Said when `failed` names the reason; the form's own reasons, as every form's (too many, the e-mail, any other field) are said here. */
  problems: { gone?: MessageDescriptor; slots?: MessageDescriptor; consent: MessageDescriptor }
  /** The name of the form's consent checkbox, whose refusal `problems.consent` tells: `consent` unless said (the contact form's is `isTerm`, spec §5). */
  consentField?: string
}

/** The reasons in the order they are told: a rate limit first (nothing else was checked), a bad e-mail address and the other fields last. */
const FORM_REASONS = ['gone', 'slots', 'consent'] as const

/**
 * The page a visitor's form posted without scripts lands on (`?status=sent`, or `?failed=` with the
 * fields or reason at fault, and `back`, the page the form was on): what happened, and the way back
 * to that page (only a path of this site), else to the homepage. Test ids are
 * `{testIdPrefix}-sent`, `-failed` and `-back`.
 */
export function formStatusPage(testIdPrefix: string, words: FormStatusWords) {
  return function FormStatusPage({
    search,
    lang,
    desiredUrl,
    sentDetails,
  }: {
    search: FormStatusSearch
    lang: Lang
    desiredUrl: string
    /** What was sent, said back under the notice (a tour request's times). */
    sentDetails?: ReactNode
  }) {
    const { t, i18n } = useLingui()
    const back = search.back?.startsWith('/') && !search.back.startsWith('//') ? search.back : undefined
    const sent = search.status === 'sent'
    const problem = (failed: ReadonlyArray<string>): string => {
      if (failed.includes('rate')) return t`Too many requests. Please wait a moment and try again`
      const reason = FORM_REASONS.find(
        (name) => words.problems[name] !== undefined && failed.includes(name === 'consent' ? (words.consentField ?? name) : name),
      )
      const message = reason ? words.problems[reason] : undefined
      if (message) return i18n._(message)
      return failed.includes('email') ? t`Enter a valid e-mail address.` : t`Some fields need your attention. Go back and check them.`
    }
    return (
      <StatusPageShell title={i18n._(sent ? words.titles.sent : words.titles.failed)}>
        {sent ? (
          <>
            <StatusNotice tone="ok" testId={`${testIdPrefix}-sent`}>
              {i18n._(words.sent)}
            </StatusNotice>
            {sentDetails}
          </>
        ) : (
          <StatusNotice tone="error" testId={`${testIdPrefix}-failed`}>
            {problem(search.failed?.split(',') ?? [])}
          </StatusNotice>
        )}
        <p>
          {back ? (
            <a href={back} className={statusLinkClass} data-testid={`${testIdPrefix}-back`}>
              {i18n._(words.back)}
            </a>
          ) : (
            <HomepageLink lang={lang} desiredUrl={desiredUrl} />
          )}
        </p>
      </StatusPageShell>
    )
  }
}
