import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { CSSProperties, ReactNode } from 'react'
import { MarketTrendChart } from '~/features/market/market-chart'
import { accentPalette } from '~/lib/color'
import { propertyTypeLabel } from '~/lib/home-display'
import type { Lang } from '~/lib/lang'
import type { z } from 'zod'
import type { CmaReport, CmaReportComparable, cmaReportTrendMonthSchema } from '~/schemas/cma/cma-report'
import { RESO_SUB_TYPE } from '~/schemas/home'
import { useComparableWords } from './cma-candidates'
import { CMA_ADJUSTMENT_LABELS, cmaDollars } from '~/lib/cma-words'
import { sourceName } from '~/lib/listing-source-text'
import { cmaDayText } from './cma-labels'

/*
 * The share page of a CMA (issue 53): the realtor's branded report in the page's language, made
 * on the server from the same view model as the PDF, with no script at all. It reads like the
 * printed report: who prepared it, the recommended price and how it was reached, the home, each
 * comparable with its adjustments, the city's last twelve months, then the fine print.
 */

type CmaReportTrendMonth = z.infer<typeof cmaReportTrendMonthSchema>

const LIGHT_PAGE = '#FFFFFF'
const DARK_PAGE = '#1C1917'

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="border-t-2 border-[var(--accent)] pt-4" data-testid={testId}>
      <h2 className="text-xl font-bold text-[var(--accent-text)] dark:text-[var(--accent-text-dark)]">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

export function CmaReportPage({ report, lang }: { report: CmaReport; lang: Lang }) {
  const { t, i18n } = useLingui()
  const words = useComparableWords(lang)
  const light = accentPalette(report.realtor.color, LIGHT_PAGE)
  const dark = accentPalette(report.realtor.color, DARK_PAGE)
  const style: CSSProperties & Record<`--${string}`, string> = {
    '--accent': light.accent,
    '--on-accent': light.onAccent,
    '--accent-text': light.accentText,
    '--accent-text-dark': dark.accentText,
  }
  const { realtor, subject, rangeBasis } = report
  const name = realtor.name
  const pickedCount = rangeBasis.pickedCount
  const license = realtor.licenseNumber
  const brokerageLicense = realtor.brokerageLicenseNumber
  const asOf = cmaDayText(report.asOf, i18n.locale)
  const typeLabel = propertyTypeLabel(RESO_SUB_TYPE[subject.propertyType])
  const subjectAddress = `${subject.street}, ${subject.city}, ${subject.state} ${subject.postalCode}`
  const subjectFacts = [typeLabel ? i18n._(typeLabel) : null, words.facts({ ...subject, yearBuilt: subject.yearBuilt })].filter(Boolean).join(' · ')
  const trendCity = report.trend?.city ?? subject.city
  const adjusted = rangeBasis.adjustedLow !== null && rangeBasis.adjustedHigh !== null && rangeBasis.adjustedMedian !== null
  const low = rangeBasis.adjustedLow === null ? '' : cmaDollars(rangeBasis.adjustedLow)
  const high = rangeBasis.adjustedHigh === null ? '' : cmaDollars(rangeBasis.adjustedHigh)
  const median = rangeBasis.adjustedMedian === null ? '' : cmaDollars(rangeBasis.adjustedMedian)

  return (
    <main id="main" className="bg-white text-stone-900 dark:bg-stone-950 dark:text-stone-100" style={style} data-testid="cma-report">
      <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8 sm:px-6">
        <header className="flex flex-wrap items-center gap-4 rounded-2xl bg-[var(--accent)] p-5 text-[var(--on-accent)]" data-testid="cma-report-realtor">
          {realtor.photoUrl ? (
            <img
              src={realtor.photoUrl}
              alt={t`${name}, realtor`}
              width={80}
              height={80}
              className="size-20 rounded-full border-2 border-current object-cover"
            />
          ) : null}
          {/* On a phone the photo and the logo share the first row and the words take the next one whole. */}
          <div className="order-last min-w-0 basis-full sm:order-none sm:basis-0 sm:flex-1">
            <p className="text-lg font-bold">{realtor.name}</p>
            {realtor.brokerageName ? <p>{realtor.brokerageName}</p> : null}
            <p className="text-sm">
              {[license ? t`License ${license}` : null, brokerageLicense ? t`Brokerage license ${brokerageLicense}` : null].filter(Boolean).join(' · ')}
            </p>
            {realtor.brokerageAddress ? <p className="text-sm">{realtor.brokerageAddress}</p> : null}
            <p className="text-sm">
              {realtor.phone ? (
                <a href={`tel:${realtor.phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-2">
                  {realtor.phone}
                </a>
              ) : null}
              {realtor.phone && realtor.email ? ' · ' : null}
              {realtor.email ? (
                <a href={`mailto:${realtor.email}`} className="break-all underline underline-offset-2">
                  {realtor.email}
                </a>
              ) : null}
            </p>
          </div>
          {realtor.logoUrl ? (
            <img src={realtor.logoUrl} alt={t`${name}'s logo`} height={56} className="ml-auto h-14 w-auto max-w-40 rounded bg-white object-contain p-1" />
          ) : null}
        </header>

        <div>
          <p className="text-sm font-semibold tracking-wide text-[var(--accent-text)] uppercase dark:text-[var(--accent-text-dark)]">
            <Trans>Comparative market analysis</Trans>
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight break-words" data-testid="cma-report-subject">
            {subjectAddress}
          </h1>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{subjectFacts}</p>
          <p className="mt-1 text-sm text-stone-700 dark:text-stone-300" data-testid="cma-report-as-of">
            <Trans>
              Prepared by {name} · figures as of {asOf}
            </Trans>
          </p>
        </div>

        <Section title={<Trans>Recommended list price</Trans>} testId="cma-report-range">
          {report.recommended ? (
            <p className="text-3xl font-bold tabular-nums">
              {cmaDollars(report.recommended.low)} – {cmaDollars(report.recommended.high)}
            </p>
          ) : (
            <p className="text-stone-700 dark:text-stone-300">
              <Trans>Your realtor will discuss the list price with you.</Trans>
            </p>
          )}
          <p className="mt-2 text-stone-800 dark:text-stone-200" data-testid="cma-report-basis">
            {adjusted ? (
              <Plural
                value={pickedCount}
                one={`How it was reached: # comparable home was adjusted for its differences from this home; its adjusted price is ${median}.`}
                other={`How it was reached: # comparable homes were adjusted for their differences from this home; their adjusted prices run from ${low} to ${high}, median ${median}.`}
              />
            ) : (
              <Trans>No comparable home was picked for this analysis.</Trans>
            )}
          </p>
          {report.note ? (
            <blockquote
              className="mt-4 border-l-4 border-[var(--accent)] pl-4 break-words whitespace-pre-wrap text-stone-800 dark:text-stone-200"
              data-testid="cma-report-note"
            >
              {report.note}
            </blockquote>
          ) : null}
        </Section>

        <Section title={<Trans>The comparable homes</Trans>} testId="cma-report-comparables">
          <ol className="grid gap-4">
            {report.comparables.map((comparable, index) => (
              <ReportComparable key={`${index}-${comparable.price}`} comparable={comparable} lang={lang} />
            ))}
          </ol>
        </Section>

        {report.trend && report.trend.months.length > 1 ? (
          <Section title={<Trans>The market in {trendCity}</Trans>} testId="cma-report-trend">
            {/* The month the figures were taken in is still running then (decision 065): drawn as "to date". */}
            <MarketTrendChart
              trend={report.trend.months}
              lang={lang}
              city={trendCity}
              monthToDate={report.trend.months.at(-1)?.month.slice(0, 7) === report.asOf.slice(0, 7)}
            />
            <TrendTable months={report.trend.months} />
          </Section>
        ) : null}

        <footer
          className="grid gap-2 border-t border-stone-300 pt-4 text-sm text-stone-700 dark:border-stone-700 dark:text-stone-300"
          data-testid="cma-report-disclosures"
        >
          <p className="whitespace-pre-line" data-testid="cma-report-disclaimer">
            {report.disclosures.mlsName ? `${sourceName(report.disclosures, i18n)}: ` : null}
            {report.disclosures.disclaimer} <Trans>Information as of {asOf}.</Trans>
          </p>
          <p className="flex items-center gap-2" data-testid="cma-report-equal-housing">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth={1.8}>
              <path d="M3 11 12 4l9 7M5 10v10h14V10M9 13h6M9 16h6" />
            </svg>
            <span>{report.disclosures.equalHousing}</span>
          </p>
        </footer>
      </div>
    </main>
  )
}

function ReportComparable({ comparable, lang }: { comparable: CmaReportComparable; lang: Lang }) {
  const { t, i18n } = useLingui()
  const words = useComparableWords(lang)
  const score = Math.round(comparable.matchScore)
  return (
    <li
      className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:grid-cols-[12rem_minmax(0,1fr)] dark:border-stone-800"
      data-testid="cma-report-comparable"
    >
      {comparable.photoUrl ? (
        <img src={comparable.photoUrl} alt="" loading="lazy" width={384} height={256} className="aspect-[3/2] w-full rounded-lg object-cover sm:w-48" />
      ) : (
        <div aria-hidden="true" className="hidden aspect-[3/2] w-48 rounded-lg bg-stone-200 sm:block dark:bg-stone-800" />
      )}
      <div className="min-w-0">
        <h3 className="font-semibold break-words">{words.address(comparable)}</h3>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {[words.when(comparable), comparable.distanceMiles === null ? null : words.distance(comparable.distanceMiles), t`match ${score}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="text-sm text-stone-700 dark:text-stone-300">{words.facts(comparable)}</p>
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">{t`Adjustments`}</caption>
          <tbody>
            <tr>
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {comparable.basis === 'sold' ? <Trans>Sale price</Trans> : <Trans>Asking price</Trans>}
              </th>
              <td className="py-1 text-right tabular-nums">{cmaDollars(comparable.price)}</td>
            </tr>
            {comparable.adjustments.map((line) => (
              <tr key={`${line.feature}-${line.label ?? ''}`}>
                <th scope="row" className="py-1 pr-3 text-left font-normal text-stone-700 dark:text-stone-300">
                  {line.feature === 'other' && line.label ? line.label : i18n._(CMA_ADJUSTMENT_LABELS[line.feature])}
                </th>
                <td className="py-1 text-right text-stone-700 tabular-nums dark:text-stone-300">{cmaDollars(line.amount, true)}</td>
              </tr>
            ))}
            <tr className="border-t border-stone-300 dark:border-stone-700">
              <th scope="row" className="py-1 pr-3 text-left font-semibold">
                <Trans>Adjusted price</Trans>
              </th>
              <td className="py-1 text-right font-semibold tabular-nums" data-testid="cma-report-adjusted">
                {cmaDollars(comparable.adjustedPrice)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </li>
  )
}

function TrendTable({ months }: { months: ReadonlyArray<CmaReportTrendMonth> }) {
  const { t, i18n } = useLingui()
  const monthFormat = new Intl.DateTimeFormat(i18n.locale, { year: 'numeric', month: 'short', timeZone: 'UTC' })
  const monthText = (month: string) => {
    const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`)
    return Number.isNaN(date.getTime()) ? month : monthFormat.format(date)
  }
  return (
    <div
      className="mt-4 overflow-x-auto"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label={t`The market, month by month`}
    >
      <table className="min-w-full text-sm">
        <thead>
          <tr className="border-b border-stone-300 text-left dark:border-stone-700">
            <th scope="col" className="py-1 pr-3">
              <Trans>Month</Trans>
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              <Trans>Median list price</Trans>
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              <Trans>Price per sq ft</Trans>
            </th>
            <th scope="col" className="py-1 text-right">
              <Trans>For sale</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month} className="border-b border-stone-200 dark:border-stone-800">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {monthText(month.month)}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{month.medianListPrice === null ? '—' : cmaDollars(month.medianListPrice)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">
                {month.medianPricePerSquareFoot === null ? '—' : cmaDollars(month.medianPricePerSquareFoot)}
              </td>
              <td className="py-1 text-right tabular-nums">{month.activeCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
