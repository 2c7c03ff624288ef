import { Trans } from '@lingui/react/macro'
import type { ListingPriceType } from '~/lib/listing-prices'

/** The home search's title, which names the kind of homes listed. */
export function HomeSearchHeading({ type }: { type: ListingPriceType | undefined }) {
  return (
    <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50">
      {type === 'rent' ? <Trans>Homes for rent</Trans> : <Trans>Homes for sale</Trans>}
    </h1>
  )
}
