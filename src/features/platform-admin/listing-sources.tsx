import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { ErrorAlert } from '~/components/ui'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { errorMessage } from '~/lib/errors'
import { sourceName } from '~/lib/listing-source-text'
import { adminListingSourcesQuery } from '~/queries/admin'
import type { AdminListingSource, ImportRun } from '~/schemas/admin'

/**
 * Issue 15 item 2: each listing source's last successful import, with a warning when it is
 * older than its display profile allows, and its newest runs with their errors (issue 32). Pages keep showing the honest time meanwhile; this
 * is where the platform admin learns that the import stopped working.
 */
export function ListingSourcesPanel({ lang }: { lang: Lang }) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const query = useQuery({ ...adminListingSourcesQuery(), retry: false })
  const dateTimeFormat = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' }), [lang])
  const loadError = query.isError
    ? errorMessage(query.error, (id) => i18n._(id), t`The listing sources could not be loaded. Check your connection and try again.`)
    : undefined
  const sources = query.data?.sources ?? []

  return (
    <section aria-labelledby={headingId} data-testid="admin-listing-sources" className="mb-10">
      <h2 id={headingId} className="mb-4 text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>Listing sources</Trans>
      </h2>
      <ErrorAlert testId="admin-listing-sources-error" message={loadError} onRetry={loadError ? () => void query.refetch() : undefined} />
      {query.isPending ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">
          <Trans>Loading…</Trans>
        </p>
      ) : query.data && sources.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">
          <Trans>No listings have been imported yet.</Trans>
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {sources.map((source) => (
            <ListingSourceCard key={source.source} source={source} formatTime={(iso) => dateTimeFormat.format(new Date(iso))} />
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * One source: its last successful import, how many homes it lists, and its newest runs with
 * the errors of failed ones (issue 32 item 5), so a feed that is down or refuses its token is
 * seen the day it happens, and a success after failures says it recovered.
 */
export function ListingSourceCard({ source, formatTime }: { source: AdminListingSource; formatTime: (iso: string) => string }) {
  const { i18n } = useLingui()
  const hours = source.maxAgeHours
  const homes = source.listedHomes
  const lastRun = source.lastRunAt ? formatTime(source.lastRunAt) : null
  const latest = source.recentRuns[0]
  const failing = latest?.outcome === 'failed'
  return (
    <li
      data-testid="admin-listing-source"
      data-stale={source.stale ? 'true' : 'false'}
      data-failing={failing ? 'true' : 'false'}
      className={`rounded-xl border p-4 text-sm shadow-sm ${
        source.stale || failing
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50'
          : 'border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900'
      }`}
    >
      <p className="font-semibold break-all">{source.source}</p>
      <p>{sourceName(source, i18n)}</p>
      <p className="mt-2">{lastRun ? <Trans>Last successful import: {lastRun}</Trans> : <Trans>No successful import recorded</Trans>}</p>
      <p>
        <Plural value={homes} one="# home listed" other="# homes listed" />
      </p>
      {source.stale && hours !== null ? (
        <p className="mt-2 font-semibold" data-testid="admin-listing-source-warning">
          <Trans>
            Not updated for more than {hours} hours. Check the import (npm run listings:import) and its log; pages keep showing the real last update.
          </Trans>
        </p>
      ) : source.isDemo ? (
        <p className="mt-2 text-stone-600 dark:text-stone-300">
          <Trans>Demo data is generated once and not refreshed.</Trans>
        </p>
      ) : null}
      {failing && latest ? (
        <p className="mt-2 font-semibold" data-testid="admin-listing-source-failing">
          <Trans>The last import failed ({formatTime(latest.finishedAt)}). Its error is below.</Trans>
        </p>
      ) : null}
      {source.recentRuns.length > 0 ? <RecentRuns runs={source.recentRuns} formatTime={formatTime} /> : null}
    </li>
  )
}

function RecentRuns({ runs, formatTime }: { runs: ReadonlyArray<ImportRun>; formatTime: (iso: string) => string }) {
  const headingId = useId()
  return (
    <div className="mt-3 border-t border-current/15 pt-3">
      <h3 id={headingId} className="font-semibold">
        <Trans>Recent imports</Trans>
      </h3>
      <ol aria-labelledby={headingId} className="mt-1 grid gap-2">
        {runs.map((run) => (
          <li key={`${run.finishedAt}-${run.outcome}`} data-testid="admin-import-run" data-outcome={run.outcome}>
            <p>
              <span
                className={run.outcome === 'failed' ? 'font-semibold text-red-800 dark:text-red-300' : 'font-semibold text-emerald-800 dark:text-emerald-300'}
              >
                {run.outcome === 'failed' ? <Trans>Failed</Trans> : <Trans>Succeeded</Trans>}
              </span>{' '}
              <time dateTime={run.finishedAt}>{formatTime(run.finishedAt)}</time>
            </p>
            <p className="text-stone-700 dark:text-stone-300">
              <Trans>
                {run.fetched} received, {run.inserted} new, {run.updated} updated, {run.unchanged} unchanged, {run.rejected} skipped, {run.retired} retired
              </Trans>
            </p>
            {run.recoveredFromFailures > 0 ? (
              <p data-testid="admin-import-run-recovered">
                <Plural value={run.recoveredFromFailures} one="Recovered after # failed import" other="Recovered after # failed imports" />
              </p>
            ) : null}
            {run.error ? (
              <p data-testid="admin-import-run-error" className="mt-1 font-mono text-xs break-words whitespace-pre-wrap text-red-900 dark:text-red-200">
                {run.error}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  )
}
