import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { langParam, type Lang } from '~/lib/lang'

/**
 * The way to a realtor's home-value page and market reports (issue 27): a short invitation for an
 * owner thinking of selling, on the homepage (its own section, before the contact form), on a
 * listing's page and on a market report.
 */
export function HomeValueInvitation({ lang, desiredUrl }: { lang: Lang; desiredUrl: string }) {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between dark:border-stone-800 dark:bg-stone-900">
      <p className="min-w-0 text-stone-700 dark:text-stone-300">
        <Trans>See an estimated price range for your home from comparable homes nearby. Free, and no sign-up.</Trans>
      </p>
      <div className="flex shrink-0 flex-col gap-2 sm:items-end">
        <Link
          to="/{-$lang}/$desiredUrl/home-value"
          params={{ lang: langParam(lang), desiredUrl }}
          data-testid="home-value-link"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-[var(--accent)] px-5 py-2.5 font-semibold text-[var(--on-accent)] hover:opacity-90 focus-visible:ring-2 focus-visible:ring-[var(--accent)] focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <Trans>What is my home worth?</Trans>
        </Link>
        {/* The market reports of the realtor's cities (issue 27 item 4): what a seller reads next. */}
        <Link
          to="/{-$lang}/$desiredUrl/market"
          params={{ lang: langParam(lang), desiredUrl }}
          data-testid="market-reports-link"
          className="inline-flex min-h-11 items-center justify-center px-2 font-medium text-stone-800 underline underline-offset-4 hover:text-[var(--accent)] focus-visible:ring-2 focus-visible:ring-[var(--accent)] focus-visible:outline-none dark:text-stone-200"
        >
          <Trans>Local market reports</Trans>
        </Link>
      </div>
    </div>
  )
}
