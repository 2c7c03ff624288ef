import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { areaText } from '~/lib/home-display'
import type { Lang } from '~/lib/lang'
import type { CmaComparable } from '~/schemas/cma/cma'
import { CMA_COMPARABLE_STATUS_LABELS, cmaDollars } from '~/lib/cma-words'
import { cmaDayText } from './cma-labels'

/** A comparable's place and facts in one line of words (no place at all where the MLS withholds the address). */
export function useComparableWords(lang: Lang) {
  const { t, i18n } = useLingui()
  return {
    address: (comparable: { address: string | null }) => comparable.address ?? t`Address withheld by the MLS`,
    when: (comparable: { status: 'sold' | 'active' | 'pending'; date: string }) => {
      const status = i18n._(CMA_COMPARABLE_STATUS_LABELS[comparable.status])
      const day = cmaDayText(comparable.date, i18n.locale)
      return `${status} · ${day}`
    },
    facts: (comparable: { beds: number | null; baths: number | null; livingArea: number; yearBuilt: number | null }) => {
      const { beds, baths, yearBuilt } = comparable
      return [
        beds === null ? null : t`${beds} bd`,
        baths === null ? null : t`${baths} ba`,
        areaText(comparable.livingArea, lang),
        yearBuilt === null ? null : t`built ${yearBuilt}`,
      ]
        .filter((part) => part !== null)
        .join(' · ')
    },
    distance: (miles: number) => {
      const distance = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(miles)
      return t`${distance} mi away`
    },
  }
}

/**
 * The candidates the estimator ranked for the home, best match first (issue 53): each with its
 * photo, match score, distance and price, and a box that puts it in the analysis or takes it out.
 */
export function CmaCandidates({
  comparables,
  picked,
  onPick,
  lang,
}: {
  comparables: ReadonlyArray<CmaComparable>
  picked: (id: string) => boolean
  onPick: (id: string, picked: boolean) => void
  lang: Lang
}) {
  const { t } = useLingui()
  const headingId = useId()
  const words = useComparableWords(lang)
  const count = comparables.filter((comparable) => picked(comparable.id)).length
  const total = comparables.length
  return (
    <section aria-labelledby={headingId} data-testid="cma-candidates">
      <h3 id={headingId} className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        <Trans>Comparable homes</Trans>
      </h3>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300" aria-live="polite" data-testid="cma-picked-count">
        <Trans>
          {count} of {total} picked. The best matches are picked to begin with; pick the ones you would show the seller.
        </Trans>
      </p>
      {comparables.length === 0 ? (
        <p className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-800 dark:border-amber-700 dark:bg-stone-900 dark:text-stone-200">
          <Trans>No comparable homes were found near this address. Check the address and the home's facts.</Trans>
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {comparables.map((comparable) => {
            const isPicked = picked(comparable.id)
            const address = words.address(comparable)
            const score = Math.round(comparable.matchScore)
            return (
              <li
                key={comparable.id}
                className={`flex gap-3 rounded-xl border bg-white p-3 dark:bg-stone-900 ${
                  isPicked ? 'border-stone-900 ring-1 ring-stone-900 dark:border-stone-200 dark:ring-stone-200' : 'border-stone-200 dark:border-stone-800'
                }`}
                data-testid="cma-candidate"
                data-picked={isPicked ? 'true' : 'false'}
              >
                {comparable.photoUrl ? (
                  <img src={comparable.photoUrl} alt="" loading="lazy" width={96} height={72} className="h-18 w-24 shrink-0 rounded-lg object-cover" />
                ) : (
                  <div aria-hidden="true" className="h-18 w-24 shrink-0 rounded-lg bg-stone-200 dark:bg-stone-800" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-stone-900 dark:text-stone-50">{address}</p>
                  <p className="text-sm text-stone-700 dark:text-stone-300">{words.when(comparable)}</p>
                  <p className="text-sm text-stone-700 dark:text-stone-300">{words.facts(comparable)}</p>
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                    <span className="font-semibold text-stone-900 dark:text-stone-50">{cmaDollars(comparable.price)}</span>
                    <span
                      className="rounded-full bg-emerald-100 px-2 text-xs leading-5 font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
                      data-testid="cma-match"
                    >
                      {t`Match ${score}`}
                    </span>
                    {comparable.distanceMiles === null ? null : (
                      <span className="text-stone-700 dark:text-stone-300">{words.distance(comparable.distanceMiles)}</span>
                    )}
                  </p>
                  <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-stone-900 dark:text-stone-100">
                    <input
                      type="checkbox"
                      checked={isPicked}
                      onChange={(event) => onPick(comparable.id, event.target.checked)}
                      className="size-5 accent-stone-900 dark:accent-stone-100"
                      data-testid="cma-pick"
                      aria-label={t`Use ${address} in the analysis`}
                    />
                    <span aria-hidden="true">
                      <Trans>Use in the analysis</Trans>
                    </span>
                  </label>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
