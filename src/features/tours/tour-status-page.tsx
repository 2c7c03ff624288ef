import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { langParam, type Lang } from '~/lib/lang'
import type { TourStatusSearch } from '~/lib/tour-pages'

/*
 * Where the listing page's "Request a tour" form lands when it was posted without scripts
 * (issue 26 item 4): sent, or why not, and the way back to the home.
 */
export function TourStatusPage({ search, lang, desiredUrl }: { search: TourStatusSearch; lang: Lang; desiredUrl: string }) {
  const { t } = useLingui()
  const back = search.back?.startsWith('/') && !search.back.startsWith('//') ? search.back : undefined
  const failed = search.failed?.split(',') ?? []
  const sent = search.status === 'sent'
  const problem = failed.includes('rate')
    ? t`Too many requests. Please wait a moment and try again`
    : failed.includes('gone')
      ? t`This home is no longer listed`
      : failed.some((field) => field === 'slots')
        ? t`Choose two or three different times, from tomorrow up to 30 days ahead, between 8:00 and 19:30. Go back and check them.`
        : failed.includes('consent')
          ? t`Agree to be contacted about your tour request`
          : failed.includes('email')
            ? t`Enter a valid e-mail address.`
            : t`Some fields need your attention. Go back and check them.`
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-2xl font-semibold text-stone-900 dark:text-stone-100">{sent ? t`Tour requested` : t`Your tour request was not sent`}</h1>
        <div className="mt-4 grid gap-4 text-stone-800 dark:text-stone-200">
          {sent ? (
            <p
              role="status"
              className="rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
              data-testid="tour-status-sent"
            >
              <Trans>Your request was sent. The realtor will confirm a time by e-mail.</Trans>
            </p>
          ) : (
            <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-200" data-testid="tour-status-failed">
              {problem}
            </p>
          )}
          <p>
            {back ? (
              <a href={back} className="font-medium text-[var(--accent-text)] underline underline-offset-4" data-testid="tour-status-back">
                <Trans>Back to the home</Trans>
              </a>
            ) : (
              <Link
                to="/{-$lang}/$desiredUrl"
                params={{ lang: langParam(lang), desiredUrl }}
                className="font-medium text-[var(--accent-text)] underline underline-offset-4"
              >
                <Trans>Back to the homepage</Trans>
              </Link>
            )}
          </p>
        </div>
      </div>
    </main>
  )
}
