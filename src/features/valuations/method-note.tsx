import { Trans } from '@lingui/react/macro'

/** The method in plain words, shown beside the empty form and under every estimate. */
export function MethodNote() {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 text-stone-700 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-300">
      <h3 className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        <Trans>How the estimate works</Trans>
      </h3>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        <li>
          <Trans>
            We look for the nearest homes of the same type, measured from your address (or your ZIP code&apos;s centre): sales of the last 12 months where the
            MLS lets us show them, brought to today with the city&apos;s monthly price trend, and homes for sale or under contract, their asking price lowered
            by how far under asking homes here sell.
          </Trans>
        </li>
        <li>
          <Trans>
            From those homes we learn what a square foot, a bedroom, a bathroom, a year of age and lot size are worth in the area, and adjust each
            comparable&apos;s price for every way it differs from your home.
          </Trans>
        </li>
        <li>
          <Trans>
            We keep the up to 10 homes that match yours best (distance, size, rooms, age, how recent, a sale over an asking price) and set aside prices far out
            of line. The typical value weighs their adjusted prices by how well they match; the range is where about 8 homes in 10 like yours sell (an 80%
            range, checked against homes whose prices we know), wider when the comparables disagree or are few.
          </Trans>
        </li>
        <li>
          <Trans>
            We give no number with fewer than 3 comparable homes, or for a home much bigger or smaller than its comparables (more than 25% beyond them) or with
            more than one bedroom or bathroom beyond theirs: an estimate stretched that far would mislead.
          </Trans>
        </li>
      </ul>
    </div>
  )
}
