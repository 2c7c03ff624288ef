import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { ListingLink } from '~/components/listing-link'
import { areaText } from '~/lib/home-display'
import { formatNumber, formatPrice } from '~/lib/format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import type { ValuationAnswer, ValuationComparable } from '~/schemas/valuations'
import { SellerLeadForm } from '~/features/seller-leads/seller-lead-form'
import type { ValuationFormValues } from '~/lib/home-value'
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
            )}
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
      {answer.comparables.length > 0 ? <Comparables lang={lang} desiredUrl={desiredUrl} homes={answer.comparables} /> : null}
      <MethodNote />
    </div>
  )
}

function Comparables({ lang, desiredUrl, homes }: { lang: Lang; desiredUrl: string; homes: ReadonlyArray<ValuationComparable> }) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="comparables-heading">
      <h3 id="comparables-heading" className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        <Trans>The comparable homes</Trans>
      </h3>
      <ul data-testid="comparables" className="mt-3 grid gap-3">
        {homes.map((home) => {
          const date = dayText(home.date, lang)
          const { beds, baths } = home
          const perFoot = formatNumber(home.pricePerSquareFoot)
          return (
            <li
              key={home.listingKey}
              data-testid="comparable"
              className="relative rounded-xl border border-stone-200 bg-white p-4 focus-within:ring-2 focus-within:ring-[var(--accent)] dark:border-stone-800 dark:bg-stone-900"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold text-stone-900 dark:text-stone-50">
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
                    {home.sameZip ? <Trans>Same ZIP code</Trans> : <Trans>Same city</Trans>}
                  </>
                )}
              </p>
              <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                {[beds === null ? null : t`${beds} bd`, baths === null ? null : t`${baths} ba`, areaText(home.livingArea, lang), t`$${perFoot}/sq ft`]
                  .filter((part) => part !== null)
                  .join(' · ')}
              </p>
            </li>
          )
        })}
      </ul>
    </section>
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
