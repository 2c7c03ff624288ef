import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { ListingLink } from '~/components/listing-link'
import { PhotoNumberBadge } from '~/components/ui'
import { areaText } from '~/lib/home-display'
import { formatNumber, formatPrice } from '~/lib/format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import type { MapPoint, ValuationAnswer, ValuationComparable } from '~/schemas/valuations'
import { listingPhotoSources } from '~/lib/photo-variants'
import { SellerLeadForm } from '~/features/seller-leads/seller-lead-form'
import { ADJUSTED_FEATURES, type AdjustedFeature, type ValuationFormValues } from '~/lib/home-value'
import { MethodNote } from './method-note'

/** A YYYY-MM-DD day as the page's language writes it (read in UTC, so server and browser agree). */
function dayText(date: string, lang: Lang): string {
  const day = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(day.getTime()) ? date : new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(day)
}

/** The estimate (or the honest "too few"), the homes it rests on, and the way to a realtor's own valuation. */
export function ValuationResult({
  realtorId,
  realtorName: name,
  desiredUrl,
  lang,
  answer,
  values,
}: {
  realtorId: string
  /** As `realtorDisplayName` gives it for the page's language. */
  realtorName: string
  desiredUrl: string
  lang: Lang
  answer: ValuationAnswer
  /** The entries the answer is for: they travel with a request for the realtor's own valuation. */
  values: ValuationFormValues
}) {
  const count = answer.comparableCount
  const minimum = answer.minimumComparables
  return (
    <div data-testid="valuation-result" className="grid gap-6">
      {answer.status === 'estimate' ? (
        <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900">
          <p className="text-sm font-medium tracking-wide text-stone-600 uppercase dark:text-stone-400">
            <Trans>Estimated value</Trans>
          </p>
          <p data-testid="valuation-typical" className="mt-1 text-4xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
            {formatPrice(answer.typical)}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-stone-700 dark:text-stone-300">
            <RangeEnd label={<Trans>Low</Trans>} value={formatPrice(answer.low)} testId="valuation-low" />
            <RangeEnd label={<Trans>High</Trans>} value={formatPrice(answer.high)} testId="valuation-high" />
          </dl>
          <p data-testid="valuation-statement" className="mt-4 text-stone-700 dark:text-stone-300">
            <Plural
              value={count}
              one="This is an automated estimate, not an appraisal, based on # comparable home."
              other="This is an automated estimate, not an appraisal, based on # comparable homes."
            />{' '}
            {answer.basis === 'sold' ? (
              <Trans>Every one of them is a recent sale.</Trans>
            ) : (
              <Trans>Some are asking prices of homes for sale or under contract, which can differ from what homes sell for.</Trans>
            )}{' '}
            <Trans>About 8 homes in 10 like yours sell within the range.</Trans>
          </p>
        </div>
      ) : answer.status === 'out_of_range' ? (
        <div
          data-testid="valuation-out-of-range"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-stone-800 dark:border-amber-700 dark:bg-stone-900 dark:text-stone-200"
        >
          <p className="text-lg font-semibold text-stone-900 dark:text-stone-50">
            <Trans>This home is unlike the homes around it, so we won&apos;t guess a number.</Trans>
          </p>
          <p className="mt-2">{answer.message}</p>
          <p className="mt-2">
            <Trans>{name} can look at your home and give you a personal valuation.</Trans>
          </p>
        </div>
      ) : (
        <div
          data-testid="valuation-too-few"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-stone-800 dark:border-amber-700 dark:bg-stone-900 dark:text-stone-200"
        >
          <p className="text-lg font-semibold text-stone-900 dark:text-stone-50">
            <Plural
              value={count}
              _0="We found no comparable homes nearby, so we won't guess a number."
              one="We found only # comparable home nearby, so we won't guess a number."
              other="We found only # comparable homes nearby, so we won't guess a number."
            />
          </p>
          <p className="mt-2">
            <Trans>
              An automated estimate needs at least {minimum} comparable homes. {name} can look at your home and give you a personal valuation.
            </Trans>
          </p>
        </div>
      )}
      <SellerLeadForm realtorId={realtorId} realtorName={name} desiredUrl={desiredUrl} lang={lang} values={values} />
      {answer.comparables.length > 0 ? (
        <Comparables lang={lang} desiredUrl={desiredUrl} homes={answer.comparables} subjectPoint={answer.subjectPoint} mapSpanMiles={answer.mapSpanMiles} />
      ) : null}
      <MethodNote />
    </div>
  )
}

/** A signed amount of money: "+$12,000", "−$8,500" (a true minus sign, read as "minus"). */
function signedPrice(amount: number): string {
  return `${amount > 0 ? '+' : '\u2212'}${formatPrice(Math.abs(amount))}`
}

/** Miles to one decimal, as the page's language writes numbers. */
function milesText(miles: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE_TAG[lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(miles)
}

function Comparables({
  lang,
  desiredUrl,
  homes,
  subjectPoint,
  mapSpanMiles,
}: {
  lang: Lang
  desiredUrl: string
  homes: ReadonlyArray<ValuationComparable>
  subjectPoint: MapPoint | null
  mapSpanMiles: number | null
}) {
  const { t } = useLingui()
  // Best match first (the answer's order already; kept here so the numbers on the map follow the list).
  const sorted = [...homes].sort((a, b) => b.matchScore - a.matchScore)
  const adjustmentLabels: Record<AdjustedFeature, string> = {
    livingArea: t`Living area`,
    beds: t`Bedrooms`,
    baths: t`Bathrooms`,
    age: t`Age`,
    lot: t`Lot`,
  }
  return (
    <section aria-labelledby="comparables-heading">
      <h3 id="comparables-heading" className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        <Trans>The comparable homes, best match first</Trans>
      </h3>
      {subjectPoint && mapSpanMiles !== null ? <ComparablesMap homes={sorted} subjectPoint={subjectPoint} spanMiles={mapSpanMiles} lang={lang} /> : null}
      <ol data-testid="comparables" className="mt-3 grid gap-3">
        {sorted.map((home, index) => {
          const date = dayText(home.date, lang)
          const { beds, baths } = home
          const perFoot = formatNumber(home.pricePerSquareFoot)
          const rank = index + 1
          const score = Math.round(home.matchScore)
          const adjusted = formatPrice(home.adjustedPrice)
          const today = formatPrice(home.marketPrice)
          const photo = home.photo
            ? listingPhotoSources({ images: [home.photo.url], imageVariants: [home.photo.variantBase] }, 0, '(min-width: 640px) 10rem, 6rem')
            : undefined
          const adjustments = ADJUSTED_FEATURES.filter((feature) => home.adjustments[feature] !== 0)
          const miles = home.address !== null && home.distanceMiles !== null ? milesText(home.distanceMiles, lang) : null
          return (
            <li
              key={home.listingKey}
              data-testid="comparable"
              data-match={score}
              className="relative flex gap-3 rounded-xl border border-stone-200 bg-white p-3 focus-within:ring-2 focus-within:ring-[var(--accent)] sm:gap-4 sm:p-4 dark:border-stone-800 dark:bg-stone-900"
            >
              <div className="relative h-20 w-24 shrink-0 overflow-hidden rounded-lg bg-stone-200 sm:h-28 sm:w-40 dark:bg-stone-800">
                {photo ? <img {...photo} alt="" width={160} height={112} loading="lazy" decoding="async" className="size-full object-cover" /> : null}
                <PhotoNumberBadge number={rank} />
              </div>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-semibold break-words text-stone-900 dark:text-stone-50">
                    <ListingLink
                      lang={lang}
                      desiredUrl={desiredUrl}
                      listingKey={home.listingKey}
                      className="outline-none after:absolute after:inset-0 after:content-['']"
                    >
                      {home.address ?? t`Address withheld by the MLS`}
                    </ListingLink>
                  </p>
                  <p className="text-lg font-bold text-stone-900 dark:text-stone-50">{formatPrice(home.price)}</p>
                </div>
                <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                  <span data-testid="comparable-match" className="font-semibold text-stone-900 dark:text-stone-100">
                    <Trans>Match {score}/100</Trans>
                  </span>
                  {' · '}
                  {home.status === 'sold' ? (
                    <Trans>Sold {date}</Trans>
                  ) : home.status === 'pending' ? (
                    <Trans>Under contract · listed {date}</Trans>
                  ) : (
                    <Trans>For sale · listed {date}</Trans>
                  )}
                  {/* Where the address is withheld, so is where the home is. */}
                  {home.address === null ? null : (
                    <>
                      {' · '}
                      {miles !== null ? (
                        <span data-testid="comparable-distance">
                          <Trans>{miles} mi away</Trans>
                        </span>
                      ) : home.sameZip ? (
                        <Trans>Same ZIP code</Trans>
                      ) : (
                        <Trans>Same city</Trans>
                      )}
                    </>
                  )}
                </p>
                <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                  {[beds === null ? null : t`${beds} bd`, baths === null ? null : t`${baths} ba`, areaText(home.livingArea, lang), t`$${perFoot}/sq ft`]
                    .filter((part) => part !== null)
                    .join(' · ')}
                </p>
                <dl data-testid="comparable-adjustments" className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 text-sm text-stone-700 dark:text-stone-300">
                  {home.marketPrice !== home.price ? (
                    <>
                      <dt>
                        {home.priceKind === 'sale' ? (
                          <Trans>Brought to today&apos;s market</Trans>
                        ) : (
                          <Trans>Asking price less what homes here sell under asking</Trans>
                        )}
                      </dt>
                      <dd className="text-right tabular-nums">{today}</dd>
                    </>
                  ) : null}
                  {adjustments.map((feature) => (
                    <div key={feature} className="contents">
                      <dt>{adjustmentLabels[feature]}</dt>
                      <dd className="text-right tabular-nums">{signedPrice(home.adjustments[feature])}</dd>
                    </div>
                  ))}
                  <dt className="font-semibold text-stone-900 dark:text-stone-50">
                    <Trans>Adjusted to your home</Trans>
                  </dt>
                  <dd data-testid="comparable-adjusted" className="text-right font-semibold text-stone-900 tabular-nums dark:text-stone-50">
                    {adjusted}
                  </dd>
                </dl>
              </div>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

/**
 * Where the comparables lie around the home, drawn by the server as an SVG (no map tiles): the home
 * in the middle, each comparable as its number in the list. Homes whose address the MLS withholds
 * have no point and are not drawn. North is up; the scale bar is a quarter of the square.
 */
function ComparablesMap({
  homes,
  subjectPoint,
  spanMiles,
  lang,
}: {
  homes: ReadonlyArray<ValuationComparable>
  subjectPoint: MapPoint
  spanMiles: number
  lang: Lang
}) {
  const { t } = useLingui()
  const size = 240
  const placed = homes.flatMap((home, index) =>
    home.address !== null && home.mapPoint ? [{ rank: index + 1, point: home.mapPoint, key: home.listingKey }] : [],
  )
  const span = milesText(spanMiles, lang)
  const quarter = milesText(spanMiles / 4, lang)
  const label = t`Map of the comparable homes around yours, ${span} miles across; numbers follow the list below.`
  return (
    <figure className="mt-3">
      <svg
        data-testid="comparables-map"
        role="img"
        aria-label={label}
        viewBox={`0 0 ${size} ${size}`}
        className="mx-auto block w-full max-w-xs rounded-xl border border-stone-200 bg-stone-50 text-stone-900 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-50"
      >
        <title>{label}</title>
        {[0.25, 0.5, 0.75].map((line) => (
          <g key={line} className="stroke-stone-200 dark:stroke-stone-700" strokeWidth={1}>
            <line x1={line * size} y1={0} x2={line * size} y2={size} />
            <line x1={0} y1={line * size} x2={size} y2={line * size} />
          </g>
        ))}
        {/* The best matches drawn last, on top of any they overlap. */}
        {[...placed].reverse().map(({ rank, point, key }) => (
          <g key={key} data-testid="map-comparable" transform={`translate(${(point.x * size).toFixed(1)} ${(point.y * size).toFixed(1)})`}>
            <circle r={9} className="fill-white stroke-stone-900 dark:fill-stone-900 dark:stroke-stone-50" strokeWidth={1.5} />
            <text textAnchor="middle" dominantBaseline="central" fontSize={10} fontWeight={700} fill="currentColor">
              {rank}
            </text>
          </g>
        ))}
        <g data-testid="map-subject" transform={`translate(${subjectPoint.x * size} ${subjectPoint.y * size})`}>
          <path d="M0 -11 L11 0 L7 0 L7 9 L-7 9 L-7 0 L-11 0 Z" className="fill-[var(--accent)] stroke-white dark:stroke-stone-900" strokeWidth={1.5} />
        </g>
        <g transform={`translate(${size - 8 - size / 4} ${size - 12})`} className="fill-current">
          <rect width={size / 4} height={3} />
          <text x={size / 8} y={-4} textAnchor="middle" fontSize={10}>
            {t`${quarter} mi`}
          </text>
        </g>
        <text x={10} y={16} fontSize={11} fontWeight={700} fill="currentColor">
          {t`N ↑`}
        </text>
      </svg>
      <figcaption className="mt-1 text-center text-sm text-stone-700 dark:text-stone-300">
        <Trans>Your home is the house shape in the middle (placed by its address, or its ZIP code&apos;s centre).</Trans>
      </figcaption>
    </figure>
  )
}

/** One end of the estimate's range, under the typical value. */
function RangeEnd({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-stone-100 p-3 dark:bg-stone-800">
      <dt className="text-sm">{label}</dt>
      <dd data-testid={testId} className="text-xl font-semibold text-stone-900 dark:text-stone-50">
        {value}
      </dd>
    </div>
  )
}
