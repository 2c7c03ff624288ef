import { Trans, useLingui } from '@lingui/react/macro'
import { ListingLink } from '~/components/listing-link'
import type { Lang } from '~/lib/lang'
import type { HomeSummary } from '~/schemas/home'
import type { ListingSource } from '~/schemas/listing-source'
import { homePrice, statusLabel } from '~/lib/home-display'
import { listingPhotoSources } from '~/lib/photo-variants'
import { HomeKeyFacts } from './home-key-facts'
import { listingCredit } from '~/lib/listing-source-text'
import { OpenHouseCardLine } from '~/features/open-houses/open-house-list'
import { placeName, type PlaceNameOverride } from '~/lib/place-names'

/** One column on phones, two from sm, three from lg in a page at most 64rem wide. */
export const HOME_CARD_PHOTO_SIZES = '(min-width: 1024px) 21rem, (min-width: 640px) 50vw, 100vw'

/**
 * A listing card (issue 6): photo, price, beds, baths, size, address, status and the
 * listing broker's credit in its MLS's wording, in type as large as the facts (MLS display
 * rule). The whole card is one link to the home's page on this realtor's site.
 */
export function HomeCard({
  home,
  lang,
  desiredUrl,
  source,
  places = [],
  inFirstScreen = false,
  photoSizes = HOME_CARD_PHOTO_SIZES,
}: {
  home: HomeSummary
  lang: Lang
  desiredUrl: string
  source: ListingSource | undefined
  /** The realtor's own Korean names for the cities they serve. */
  places?: ReadonlyArray<PlaceNameOverride>
  /** Its photo shows before any scrolling: fetched at once and first, instead of once laid out. */
  inFirstScreen?: boolean
  /** The card's width in the list's layout, for the browser to pick a photo width (`sizes`). */
  photoSizes?: string
}) {
  const { i18n } = useLingui()
  const status = statusLabel(home)
  const price = homePrice(home)
  const credit = listingCredit(home, source, i18n)
  const photo = listingPhotoSources(home, 0, photoSizes)
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-[var(--accent-text)] hover:shadow-md dark:border-stone-800 dark:bg-stone-900">
      <div className="relative aspect-[3/2] bg-stone-200 dark:bg-stone-800">
        {photo ? (
          <img
            {...photo}
            alt=""
            width={480}
            height={320}
            loading={inFirstScreen ? 'eager' : 'lazy'}
            fetchPriority={inFirstScreen ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover"
          />
        ) : null}
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          {status ? <span className="rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-stone-900 shadow-sm">{i18n._(status)}</span> : null}
          {home.isDemo ? (
            <span className="rounded-full bg-amber-200 px-2.5 py-1 text-xs font-semibold text-amber-950 shadow-sm">
              <Trans>Demo listing</Trans>
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4 text-sm">
        <p className="text-xl font-bold tracking-tight text-stone-900 dark:text-stone-50">{home.type === 'rent' ? <Trans>{price} / month</Trans> : price}</p>
        <p className="text-stone-700 dark:text-stone-300" data-testid="home-card-facts">
          <HomeKeyFacts home={home} lang={lang} />
        </p>
        <h3 className="font-semibold text-stone-900 dark:text-stone-100">
          <ListingLink lang={lang} desiredUrl={desiredUrl} listingKey={home.homeId} className="outline-none after:absolute after:inset-0 after:content-['']">
            {home.fullAddress}
          </ListingLink>
        </h3>
        {lang === 'ko' ? (
          // The address stays as the post and a GPS read it; the place is named in Korean beside it.
          <p className="text-stone-700 dark:text-stone-300" data-testid="home-card-place">
            {placeName(home.city, home.state, lang, places)}
          </p>
        ) : null}
        <OpenHouseCardLine openHouses={home.openHouses} lang={lang} address={home.fullAddress} />
        {credit ? (
          <p className="mt-auto pt-2 text-stone-700 dark:text-stone-300" data-testid="listing-credit">
            {credit}
          </p>
        ) : null}
      </div>
    </article>
  )
}
