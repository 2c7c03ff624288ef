import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Icon, buttonClass } from '~/components/ui'
import { displayPhone } from '~/lib/contact-links'
import { timeZoneOfState } from '~/lib/listing-time-zones'
import { TOUR_FORM_ANCHOR } from '~/lib/tour-pages'
import { HomeKeyFacts } from './home-key-facts'
import { ListingActionBar, listingContactLinks } from './listing-action-bar'
import { contactFormIsland } from '~/features/homepage/contact-form-island'
import { listingPhotoSources } from '~/lib/photo-variants'
import { galleryIsland } from '~/features/homepage/gallery-island'
import { Island } from '~/features/islands/island'
import { placeName } from '~/lib/place-names'
import { realtorDisplayName } from '~/lib/realtor-names'
import { formatNumber } from '~/lib/format'
import type { Lang } from '~/lib/lang'
import type { HomeDetail, RemarksTranslation } from '~/schemas/home'
import type { PublicRealtor } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { areaText, homePrice, propertyTypeLabel, statusLabel } from '~/lib/home-display'
import { saveSearchIsland } from '~/features/saved-searches/save-search-island'
import { tourRequestIsland } from '~/features/tours/tour-request-island'
import { listingSearchFilters } from '~/features/saved-searches/search-filters'
import { ListingDisclosures } from './listing-disclosures'
import { listingCredit } from '~/lib/listing-source-text'
import { paymentEstimateIsland } from './payment-estimate-island'
import { OpenHousesSection } from '~/features/open-houses/open-house-list'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import { HomeValueInvitation } from '~/features/homepage/home-value-invitation'
import { homeLocationIsland } from '~/features/map/home-location-island'
import type { MapSetup } from '~/lib/map-setup'

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 dark:bg-stone-900">
      <dt className="text-sm text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-stone-900 dark:text-stone-100">{children}</dd>
    </div>
  )
}

/**
 * The MLS's remarks (English). On a Korean page whose MLS allows it (`translateRemarks`), its
 * machine translation comes first, labelled as one, with the original a tap away in a
 * <details> that opens without JavaScript; until the translation exists, the original with a
 * note that it is coming (issue 54 item 3, decision 072).
 */
function HomeRemarks({ remarks, translation, lang }: { remarks: string; translation: RemarksTranslation; lang: Lang }) {
  const original = (className: string) => (
    <p lang="en" className={`max-w-3xl text-base leading-relaxed whitespace-pre-line ${className}`} data-testid="home-description">
      {remarks}
    </p>
  )
  return (
    <section aria-labelledby="remarks-title" className="mt-10">
      <h2 id="remarks-title" className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>About this home</Trans>
      </h2>
      {translation?.status === 'translated' ? (
        <>
          <p lang={translation.lang} className="mt-4 max-w-3xl text-base leading-relaxed whitespace-pre-line" data-testid="home-description-translated">
            {translation.text}
          </p>
          <details className="group mt-3 max-w-3xl" data-testid="home-description-original">
            <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md text-sm font-medium text-[var(--accent-text)] underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current">
              <Trans>Machine translation (see the original)</Trans>
            </summary>
            {original('mt-2 border-l-4 border-stone-300 pl-4 text-stone-800 dark:border-stone-700 dark:text-stone-200')}
          </details>
        </>
      ) : (
        <>
          {translation?.status === 'pending' ? (
            <p className="mt-4">
              <span
                className="inline-block rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-stone-900 dark:bg-stone-800 dark:text-stone-100"
                data-testid="home-description-pending"
              >
                <Trans>Translation in progress</Trans>
              </span>
            </p>
          ) : null}
          {/* MLS remarks are written in English; the page says so instead of guessing a translation. */}
          {original(translation?.status === 'pending' ? 'mt-3' : 'mt-4')}
          {lang === 'ko' ? (
            <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
              <Trans>The listing's description comes from the MLS in English.</Trans>
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}

/**
 * A listed home on the realtor's own site (issue 6): photos, facts, remarks, a map link and
 * the realtor's contact form about this home. MLS display rules: the listing broker's
 * credit, in its MLS's wording, sits beside the price in the description's type size, a hidden
 * address stays hidden (no street, no map), the realtor's license and brokerage are on the
 * page, and the MLS's disclaimer and last update close it (issue 15).
 */
export function HomeDetailPage({ realtor, home, lang, map }: { realtor: PublicRealtor; home: HomeDetail; lang: Lang; map: MapSetup | null }) {
  const { t, i18n } = useLingui()
  const name = realtorDisplayName(realtor, lang)
  const status = statusLabel(home)
  const kind = propertyTypeLabel(home.propertyType)
  const price = homePrice(home)
  const credit = listingCredit(home, home.listingSource, i18n)
  const listingKey = home.homeId
  const address = home.fullAddress
  // Who the page's visitor forms (a message, a tour request) go to, about this home.
  const askAboutThisHome = { realtorId: realtor.id, realtorName: name, desiredUrl: realtor.desiredUrl, lang, listingKey }
  const mapQuery = home.latitude !== null && home.longitude !== null ? `${home.latitude},${home.longitude}` : address
  const mapHref = `https://www.openstreetmap.org/search?query=${encodeURIComponent(mapQuery)}`
  // A feed's photos come in the widths each place needs from our server (decision 064); the gallery sets `sizes`.
  const photos = home.images.map((url, index) => {
    const srcSet = listingPhotoSources(home, index, '')?.srcSet
    return srcSet ? { full: url, thumbnail: url, srcSet } : { full: url, thumbnail: url }
  })
  const licence = realtor.licenseNumber
  // Homes like this one, in the realtor's own area; none when the listing lies outside it.
  const similar = listingSearchFilters(realtor.activityRegion, home)
  const brokerage = realtor.brokerageName
  // The tour form exists only for a home in a state whose time zone the platform knows.
  const tourable = timeZoneOfState(home.state) !== undefined
  const contact = listingContactLinks(realtor)
  const phone = realtor.contactPhone ?? realtor.companyPhone
  const facts: Array<{ label: string; value: string }> = [
    ...(home.beds !== null ? [{ label: t`Bedrooms`, value: formatNumber(home.beds) }] : []),
    ...(home.baths !== null ? [{ label: t`Bathrooms`, value: formatNumber(home.baths) }] : []),
    ...(home.size !== null ? [{ label: t`Living area`, value: areaText(home.size, lang) }] : []),
    ...(home.lotSizeSqft !== null ? [{ label: t`Lot`, value: areaText(home.lotSizeSqft, lang) }] : []),
    ...(home.yearBuilt !== null ? [{ label: t`Year built`, value: String(home.yearBuilt) }] : []),
    ...(kind ? [{ label: t`Property type`, value: i18n._(kind) }] : []),
    ...(home.onMarketDate ? [{ label: t`Listed on`, value: home.onMarketDate }] : []),
    { label: t`Listing number`, value: listingKey },
  ]

  return (
    <RealtorPageShell
      realtor={realtor}
      lang={lang}
      firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)}
      back={{ label: t`← All homes on ${name}'s page`, hash: 'listings' }}
    >
      {({ firmLine }) => (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {status ? (
              <span className="rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-stone-900 dark:bg-stone-800 dark:text-stone-100">
                {i18n._(status)}
              </span>
            ) : null}
            {home.isDemo ? (
              <span className="rounded-full bg-amber-200 px-3 py-1 text-sm font-semibold text-amber-950">
                <Trans>Demo listing</Trans>
              </span>
            ) : null}
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50">{address}</h1>
          {lang === 'ko' ? (
            <p className="mt-1 text-lg text-stone-700 dark:text-stone-300" data-testid="home-place">
              {placeName(home.city, home.state, lang, realtor.activityRegion)}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <p className="text-3xl font-bold text-stone-900 dark:text-stone-50" data-testid="listing-price">
              {home.type === 'rent' ? <Trans>{price} / month</Trans> : price}
            </p>
            {/* What a buyer reads with the price, before any photo: the full list stays under Facts. */}
            {home.beds !== null || home.baths !== null || home.size !== null ? (
              <p className="text-lg font-semibold text-stone-800 dark:text-stone-200" data-testid="listing-key-facts">
                <HomeKeyFacts home={home} lang={lang} />
              </p>
            ) : null}
          </div>
          {credit ? (
            <p className="mt-1 text-base text-stone-700 dark:text-stone-300" data-testid="listing-credit">
              {credit}
            </p>
          ) : null}
          {/* The question goes to this site's realtor, not the listing's agent: the button says who answers. */}
          <p className="mt-4 flex flex-wrap gap-3">
            {tourable ? (
              <a href={`#${TOUR_FORM_ANCHOR}`} className={buttonClass('accent', 'md')} data-testid="tour-top">
                <Trans>Request a tour</Trans>
              </a>
            ) : null}
            <a href="#ask" className={buttonClass(tourable ? 'accentOutline' : 'accent', 'md')} data-testid="ask-about-home">
              {t`Ask ${name} about this home`}
            </a>
            {/* Wide screens have no action bar (it is for phones): the number is here instead. */}
            {contact.call && phone ? (
              <span className="hidden lg:inline-flex">
                <a href={contact.call} className={buttonClass('accentOutline', 'md')} data-testid="call-top">
                  <Icon name="phone" className="size-4" />
                  {displayPhone(phone, realtor.phoneCountryCode)}
                </a>
              </span>
            ) : null}
          </p>

          {photos.length > 0 ? (
            <section aria-labelledby="photos-title" className="mt-8">
              <h2 id="photos-title" className="sr-only">
                <Trans>Photos</Trans>
              </h2>
              <Island of={galleryIsland} props={{ items: photos, name: address, firstInFirstScreen: true }} when="interaction" />
            </section>
          ) : null}

          <section aria-labelledby="facts-title" className="mt-10">
            <h2 id="facts-title" className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
              <Trans>Facts</Trans>
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {facts.map((fact) => (
                <Fact key={fact.label} label={fact.label}>
                  {fact.value}
                </Fact>
              ))}
            </dl>
            {home.addressHidden ? (
              <p className="mt-4 text-base text-stone-700 dark:text-stone-300">
                {t`The seller asked not to show this home's address online. Ask ${name} for it.`}
              </p>
            ) : (
              <p className="mt-4">
                <a
                  href={mapHref}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center font-medium text-[var(--accent-text)] underline underline-offset-4"
                >
                  <Trans>See on a map (OpenStreetMap, opens in a new tab)</Trans>
                </a>
              </p>
            )}
            {/* Never for a hidden address: its coordinates are null then, and the check says why this is safe. */}
            {map && !home.addressHidden && home.latitude !== null && home.longitude !== null ? (
              <Island
                of={homeLocationIsland}
                // Once started it fetches MapLibre: only when the visitor is about to see it.
                when="onscreen"
                props={{ setup: map, latitude: home.latitude, longitude: home.longitude, address }}
              />
            ) : null}
          </section>

          <OpenHousesSection openHouses={home.openHouses} lang={lang} address={address} />

          {home.publicRemarks ? <HomeRemarks remarks={home.publicRemarks} translation={home.remarksTranslation} lang={lang} /> : null}

          {/* A buyer's question; a rental or a sold home has no mortgage to estimate. */}
          {home.type === 'sale' && home.homeStatus !== 'Closed' && home.price > 0 ? (
            <Island of={paymentEstimateIsland} props={{ home: { price: home.price, state: home.state, associationFeeMonthly: home.associationFeeMonthly } }} />
          ) : null}

          <section id="ask" aria-labelledby="ask-title" className="mt-10 scroll-mt-20">
            <h2 id="ask-title" data-testid="ask-title" className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
              {t`Ask ${name} about this home`}
            </h2>
            {firmLine('firm-ask', 'mt-1 text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50')}
            <p className="mt-2 text-base text-stone-700 dark:text-stone-300">
              {licence && brokerage
                ? t`${name} (license ${licence}) of ${brokerage} will answer you.`
                : brokerage
                  ? t`${name} of ${brokerage} will answer you.`
                  : t`${name} will answer you.`}
            </p>
            <div className="mt-4">
              <Island
                of={contactFormIsland}
                props={{ ...askAboutThisHome, initialMessage: t`I'd like to know more about ${address} (listing ${listingKey}).` }}
              />
            </div>
          </section>

          <Island of={tourRequestIsland} props={{ ...askAboutThisHome, state: home.state }} />

          <section aria-labelledby="home-value-title" className="mt-10">
            <h2 id="home-value-title" className="text-xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
              <Trans>Own a home nearby?</Trans>
            </h2>
            <div className="mt-3">
              <HomeValueInvitation lang={lang} desiredUrl={realtor.desiredUrl} />
            </div>
          </section>

          {similar ? (
            <section aria-labelledby="similar-alerts-title" className="mt-10">
              <h2 id="similar-alerts-title" className="text-xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
                <Trans>New homes like this one</Trans>
              </h2>
              <div className="mt-3">
                <Island of={saveSearchIsland} props={{ realtorId: realtor.id, realtorName: name, desiredUrl: realtor.desiredUrl, lang, filters: similar }} />
              </div>
            </section>
          ) : null}

          <ListingDisclosures sources={[home.listingSource]} lang={lang} machineTranslated={home.remarksTranslation?.status === 'translated'} />

          <ListingActionBar realtor={realtor} realtorName={name} target={tourable ? TOUR_FORM_ANCHOR : 'ask'} />
        </>
      )}
    </RealtorPageShell>
  )
}
