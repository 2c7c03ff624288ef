import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { ListingLink } from '~/components/listing-link'
import { ColumnHeadings, ErrorAlert, buttonClass } from '~/components/ui'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { errorMessage } from '~/lib/errors'
import { statisticsQuery } from '~/queries/statistics'
import { STATISTICS_PERIODS, type Statistics, type StatisticsDay, type StatisticsPeriod } from '~/schemas/statistics'
import type { WorkspacePanelProps } from './workspace-panel'

/*
 * The editor's Statistics tab (issue 14): page views of the homepage and its listing pages over
 * the last 30 or 90 days as a chart with the same figures in a table, the most viewed listings,
 * where visitors came from, and messages per 100 views. The platform admin opens the same tab
 * for any realtor. Counted without cookies; see decision 016.
 */

/** Names of the engines and networks the server classifies (src/server/stats/referrer.ts). */
const SOURCE_NAMES: Record<string, MessageDescriptor> = {
  google: msg`Google`,
  bing: msg`Bing`,
  naver: msg`Naver`,
  daum: msg`Daum`,
  yahoo: msg`Yahoo`,
  duckduckgo: msg`DuckDuckGo`,
  kakaotalk: msg`KakaoTalk`,
  'naver-blog': msg`Naver Blog`,
  'naver-cafe': msg`Naver Cafe`,
  instagram: msg`Instagram`,
  facebook: msg`Facebook`,
  youtube: msg`YouTube`,
}

const CLASS_NAMES: Record<Statistics['topReferrers'][number]['referrerClass'], MessageDescriptor> = {
  direct: msg`Direct or from your own pages`,
  search: msg`Search engine`,
  social: msg`Social media and messengers`,
  other: msg`Other website`,
}

function useFormats(lang: Lang) {
  const locale = LOCALE_TAG[lang]
  const count = new Intl.NumberFormat(locale)
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const longDay = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' })
  return {
    count: (value: number) => count.format(value),
    decimal: (value: number) => decimal.format(value),
    day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
    longDay: (iso: string) => longDay.format(new Date(`${iso}T00:00:00Z`)),
  }
}

export function StatisticsPanel({ realtorId, desiredUrl, lang }: WorkspacePanelProps) {
  const { i18n } = useLingui()
  const [days, setDays] = useState<StatisticsPeriod>(30)
  const query = useQuery(statisticsQuery(realtorId, days))
  const headingId = useId()

  return (
    <section aria-labelledby={headingId} className="grid gap-6" data-testid="statistics-panel">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-stone-900 dark:text-stone-50">
            <Trans>Visitor statistics</Trans>
          </h2>
          <p className="mt-1 max-w-prose text-sm text-stone-600 dark:text-stone-300">
            <Trans>
              Views of your homepage and listing pages, counted without cookies. Search engines, other robots and your own visits while signed in are not
              counted. New visits appear within a minute.
            </Trans>
          </p>
        </div>
        <div role="group" aria-label={i18n._(msg`Period`)} className="flex gap-1">
          {STATISTICS_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              onClick={() => setDays(period)}
              className={buttonClass(days === period ? 'primary' : 'ghost', 'md')}
              data-testid={`statistics-days-${period}`}
            >
              {period === 30 ? <Trans>Last 30 days</Trans> : <Trans>Last 90 days</Trans>}
            </button>
          ))}
        </div>
      </div>

      <ErrorAlert
        testId="statistics-error"
        message={query.isError ? errorMessage(query.error, (id) => i18n._(id), i18n._(msg`The statistics could not be loaded.`)) : undefined}
        onRetry={() => void query.refetch()}
      />
      {query.data ? (
        <StatisticsView statistics={query.data} desiredUrl={desiredUrl} lang={lang} />
      ) : query.isPending ? (
        <p aria-busy="true" className="text-stone-600 dark:text-stone-300">
          <Trans>Loading statistics…</Trans>
        </p>
      ) : null}
    </section>
  )
}

export function StatisticsView({ statistics, desiredUrl, lang }: { statistics: Statistics; desiredUrl: string; lang: Lang }) {
  const format = useFormats(lang)
  const { totals } = statistics
  const cards = [
    { label: <Trans>Page views</Trans>, value: format.count(totals.views), testId: 'statistics-views' },
    {
      label: <Trans>Korean / English</Trans>,
      value: `${format.count(totals.ko)} / ${format.count(totals.en)}`,
      testId: 'statistics-languages',
    },
    { label: <Trans>Messages</Trans>, value: format.count(totals.messages), testId: 'statistics-messages' },
    {
      label: <Trans>Messages per 100 views</Trans>,
      value: totals.messagesPer100Views === null ? '–' : format.decimal(totals.messagesPer100Views),
      testId: 'statistics-conversion',
    },
    { label: <Trans>Saved searches</Trans>, value: format.count(totals.savedSearches), testId: 'statistics-saved-searches' },
  ]
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map((card) => (
          <div key={card.testId} className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
            <dt className="text-sm text-stone-600 dark:text-stone-300">{card.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums dark:text-stone-50" data-testid={card.testId}>
              {card.value}
            </dd>
          </div>
        ))}
      </dl>
      <DailyChart statistics={statistics} lang={lang} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopListings statistics={statistics} desiredUrl={desiredUrl} lang={lang} />
        <TopReferrers statistics={statistics} lang={lang} />
      </div>
    </>
  )
}

const CHART_HEIGHT = 160
const BAR_GAP = 2

/** Views per day as bars; the same figures are in the table below it for screen readers and keyboards. */
function DailyChart({ statistics, lang }: { statistics: Statistics; lang: Lang }) {
  const { i18n } = useLingui()
  const format = useFormats(lang)
  const titleId = useId()
  const { daily } = statistics
  const max = Math.max(1, ...daily.map((day) => day.views))
  const barWidth = 12
  const width = daily.length * (barWidth + BAR_GAP)
  const first = daily[0]
  const last = daily.at(-1)
  const from = first ? format.longDay(first.day) : ''
  const to = last ? format.longDay(last.day) : ''
  const total = format.count(statistics.totals.views)
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
      <figcaption id={titleId} className="font-semibold text-stone-900 dark:text-stone-50">
        <Trans>Page views per day</Trans>
      </figcaption>
      <div className="mt-3 flex gap-2">
        <div
          aria-hidden="true"
          className="flex flex-col justify-between text-right text-xs text-stone-600 tabular-nums dark:text-stone-300"
          style={{ height: CHART_HEIGHT }}
        >
          <span>{format.count(max)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-summary`}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full text-blue-700 dark:text-blue-300"
          data-testid="statistics-chart"
        >
          <line x1={0} x2={width} y1={CHART_HEIGHT - 0.5} y2={CHART_HEIGHT - 0.5} className="stroke-stone-300 dark:stroke-stone-700" strokeWidth={1} />
          {daily.map((day, index) => {
            const height = day.views === 0 ? 0 : Math.max(2, (day.views / max) * (CHART_HEIGHT - 4))
            return (
              <rect key={day.day} x={index * (barWidth + BAR_GAP)} y={CHART_HEIGHT - height} width={barWidth} height={height} rx={1.5} fill="currentColor">
                <title>{i18n._(msg`${format.day(day.day)}: ${format.count(day.views)} views`)}</title>
              </rect>
            )
          })}
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between pl-8 text-xs text-stone-600 dark:text-stone-300">
        <span>{first ? format.day(first.day) : ''}</span>
        <span>{last ? format.day(last.day) : ''}</span>
      </div>
      <p id={`${titleId}-summary`} className="sr-only">
        <Trans>
          {total} page views from {from} to {to}.
        </Trans>
      </p>
      <details className="mt-4 text-sm">
        <summary
          className="cursor-pointer font-medium text-blue-800 underline-offset-4 hover:underline dark:text-blue-300"
          data-testid="statistics-table-toggle"
        >
          <Trans>Show the figures as a table</Trans>
        </summary>
        <DailyTable daily={daily} lang={lang} />
      </details>
    </figure>
  )
}

function DailyTable({ daily, lang }: { daily: ReadonlyArray<StatisticsDay>; lang: Lang }) {
  const { t } = useLingui()
  const format = useFormats(lang)
  const cell = 'px-3 py-1.5 text-right tabular-nums'
  return (
    <div className="mt-3">
      <table className="w-full text-left" data-testid="statistics-table">
        <caption className="sr-only">
          <Trans>Page views and messages per day</Trans>
        </caption>
        <thead className="text-stone-600 dark:text-stone-300">
          <ColumnHeadings className={`${cell} first:text-left`} labels={[t`Day`, t`Views`, t`Homepage`, t`Listing pages`, t`Messages`]} />
        </thead>
        <tbody className="divide-y divide-stone-200 text-stone-800 dark:divide-stone-800 dark:text-stone-100">
          {[...daily].reverse().map((day) => (
            <tr key={day.day}>
              <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                <time dateTime={day.day}>{format.longDay(day.day)}</time>
              </th>
              <td className={cell}>{format.count(day.views)}</td>
              <td className={cell}>{format.count(day.homeViews)}</td>
              <td className={cell}>{format.count(day.listingViews)}</td>
              <td className={cell}>{format.count(day.messages)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function RankedList({ title, empty, testId, children }: { title: ReactNode; empty: boolean; testId: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900" data-testid={testId}>
      <h3 className="font-semibold text-stone-900 dark:text-stone-50">{title}</h3>
      {empty ? (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">
          <Trans>Nothing yet in this period.</Trans>
        </p>
      ) : (
        <ol className="mt-2 divide-y divide-stone-200 text-sm dark:divide-stone-800">{children}</ol>
      )}
    </section>
  )
}

function TopListings({ statistics, desiredUrl, lang }: { statistics: Statistics; desiredUrl: string; lang: Lang }) {
  const format = useFormats(lang)
  return (
    <RankedList title={<Trans>Most viewed listings</Trans>} empty={statistics.topListings.length === 0} testId="statistics-top-listings">
      {statistics.topListings.map((listing) => (
        <li key={listing.listingKey} className="flex items-center justify-between gap-3 py-2">
          <ListingLink
            lang={lang}
            desiredUrl={desiredUrl}
            listingKey={listing.listingKey}
            className="min-w-0 font-mono break-all text-blue-800 underline underline-offset-4 dark:text-blue-300"
          >
            {listing.listingKey}
          </ListingLink>
          <span className="text-stone-800 tabular-nums dark:text-stone-100">
            <Trans>{format.count(listing.views)} views</Trans>
          </span>
        </li>
      ))}
    </RankedList>
  )
}

function TopReferrers({ statistics, lang }: { statistics: Statistics; lang: Lang }) {
  const { i18n } = useLingui()
  const format = useFormats(lang)
  return (
    <RankedList title={<Trans>Where visitors came from</Trans>} empty={statistics.topReferrers.length === 0} testId="statistics-top-referrers">
      {statistics.topReferrers.map((referrer) => {
        const known = SOURCE_NAMES[referrer.referrerHost]
        const name = referrer.referrerClass === 'direct' ? i18n._(CLASS_NAMES.direct) : known ? i18n._(known) : referrer.referrerHost
        return (
          <li key={`${referrer.referrerClass} ${referrer.referrerHost}`} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="block break-all text-stone-900 dark:text-stone-50">{name}</span>
              {referrer.referrerClass === 'direct' ? null : (
                <span className="block text-xs text-stone-600 dark:text-stone-300">{i18n._(CLASS_NAMES[referrer.referrerClass])}</span>
              )}
            </span>
            <span className="text-stone-800 tabular-nums dark:text-stone-100">
              <Trans>{format.count(referrer.views)} views</Trans>
            </span>
          </li>
        )
      })}
    </RankedList>
  )
}
