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
            We look for homes of the same type in the same ZIP code first, then in the same city: recent sales where the MLS lets us show them, otherwise homes
            for sale and under contract, marked as such.
          </Trans>
        </li>
        <li>
          <Trans>
            We keep the up to 10 homes most like yours in living area, bedrooms, bathrooms and age, and set aside prices far out of line with the rest.
          </Trans>
        </li>
        <li>
          <Trans>
            The typical value is their median price per square foot times your home&apos;s living area; the range is where a home like them would sell about
            five times out of six, wider when they disagree or are few.
          </Trans>
        </li>
        <li>
          <Trans>With fewer than 3 comparable homes we give no number: an estimate from so few would mislead.</Trans>
        </li>
      </ul>
    </div>
  )
}
