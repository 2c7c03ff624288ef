import * as z from 'zod/mini'
import { postedValuationReader } from '~/features/valuations/valuation-answer'
import { hydratable, type HydratableIsland } from './define-island'
import type { IslandName } from './island-names'

/*
 * Each island's code, loaded by name when the runtime hydrates it (decision 051), with the
 * schema of its props. Browser-only: a page of the app imports the islands' definitions, never
 * this file, so their schemas stay out of its first download. Every name is here (the record's
 * type says so), and `hydratable` checks each schema against its component's props. The schemas
 * are zod's mini build (a few KB): they load with the first island, whose page may still be
 * loading, where the whole of zod weighed 30 KB.
 */

const lang = z.enum(['ko', 'en'])
const listingType = z.enum(['sale', 'rent'])

/** Who a visitor's form goes to (`VisitorFormRealtor`). */
const visitorFormRealtor = { realtorId: z.string(), realtorName: z.string(), desiredUrl: z.string(), lang }

const contactFormIslandProps = z.object({
  ...visitorFormRealtor,
  listingKey: z.optional(z.string()),
  initialMessage: z.optional(z.string()),
})

const galleryIslandProps = z.object({
  items: z.array(z.object({ full: z.string(), thumbnail: z.string(), srcSet: z.optional(z.string()) })),
  name: z.string(),
  firstInFirstScreen: z.optional(z.boolean()),
})

const videoIslandProps = z.object({ videoId: z.string(), title: z.string(), poster: z.optional(z.string()) })

const saveSearchIslandProps = z.object({
  ...visitorFormRealtor,
  filters: z.object({
    state: z.string(),
    city: z.string(),
    listingType: z.nullable(listingType),
    minPrice: z.nullable(z.number()),
    maxPrice: z.nullable(z.number()),
    minBeds: z.nullable(z.number()),
    minBaths: z.nullable(z.number()),
  }),
  testId: z.optional(z.string()),
})

const listingFiltersIslandProps = z.object({
  search: z.object({
    type: z.optional(listingType),
    minPrice: z.optional(z.number()),
    maxPrice: z.optional(z.number()),
    minBeds: z.optional(z.number()),
    bbox: z.optional(z.string()),
    view: z.optional(z.literal('map')),
    // The search page's further filters (issue 51 item 3).
    propertyType: z.optional(z.enum(['any', 'single_family', 'condo', 'townhouse', 'multi_family', 'land'])),
    minBaths: z.optional(z.number()),
    minSize: z.optional(z.number()),
    maxSize: z.optional(z.number()),
    postalCode: z.optional(z.string()),
    q: z.optional(z.string()),
    sort: z.optional(z.enum(['newest', 'price_asc', 'price_desc', 'size_asc', 'size_desc'])),
  }),
  regionIndex: z.number(),
  narrow: z.boolean(),
  more: z.optional(z.boolean()),
  pricesClearedFor: z.nullable(listingType),
})

const paymentEstimateIslandProps = z.object({
  home: z.object({ price: z.number(), state: z.string(), associationFeeMonthly: z.nullable(z.number()) }),
})

const tourRequestIslandProps = z.object({ ...visitorFormRealtor, listingKey: z.string(), state: z.string() })

const homeLocationIslandProps = z.object({
  setup: z.object({ styleUrl: z.string(), attribution: z.nullable(z.string()), thirdPartyHost: z.nullable(z.string()) }),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string(),
})

const yesNo = z.enum(['Y', 'N'])

const analyticsChoiceIslandProps = z.object({
  realtor: z.object({ id: z.string(), tagManagerId: z.nullable(z.string()), designMainColor: z.string(), contentDarkMode: yesNo, designMainDarkMode: yesNo }),
})

const marketSubscriptionIslandProps = z.object({ ...visitorFormRealtor, state: z.string(), city: z.string(), cityShown: z.optional(z.string()) })

const homeValueIslandProps = z.object({
  realtorId: z.string(),
  realtorName: z.string(),
  desiredUrl: z.string(),
  lang,
  defaultState: z.string(),
  posted: z.nullable(postedValuationReader),
})

export const islandLoaders: Record<IslandName, () => Promise<HydratableIsland>> = {
  'contact-form': () => import('~/features/homepage/contact-form-island').then((module) => hydratable(module.contactFormIsland, contactFormIslandProps)),
  gallery: () => import('~/features/homepage/gallery-island').then((module) => hydratable(module.galleryIsland, galleryIslandProps)),
  video: () => import('~/features/homepage/video-island').then((module) => hydratable(module.videoIsland, videoIslandProps)),
  'save-search': () => import('~/features/saved-searches/save-search-island').then((module) => hydratable(module.saveSearchIsland, saveSearchIslandProps)),
  'listing-filters': () =>
    import('~/features/listings/listing-filters-island').then((module) => hydratable(module.listingFiltersIsland, listingFiltersIslandProps)),
  'payment-estimate': () =>
    import('~/features/listings/payment-estimate-island').then((module) => hydratable(module.paymentEstimateIsland, paymentEstimateIslandProps)),
  'tour-request': () => import('~/features/tours/tour-request-island').then((module) => hydratable(module.tourRequestIsland, tourRequestIslandProps)),
  'analytics-choice': () =>
    import('~/features/homepage/analytics-choice-island').then((module) => hydratable(module.analyticsChoiceIsland, analyticsChoiceIslandProps)),
  'market-subscription': () =>
    import('~/features/market-subscriptions/market-subscription-island').then((module) =>
      hydratable(module.marketSubscriptionIsland, marketSubscriptionIslandProps),
    ),
  'home-value': () => import('~/features/valuations/home-value-island').then((module) => hydratable(module.homeValueIsland, homeValueIslandProps)),
  // Its props' schema is the island's own too (it reads a swapped-in page's): it loads beside the island.
  'home-search-map': () =>
    Promise.all([import('~/features/listings/home-search-map-island'), import('~/features/listings/home-search-map-props')]).then(([module, props]) =>
      hydratable(module.homeSearchMapIsland, props.homeSearchMapProps),
    ),
  'home-location': () => import('~/features/map/home-location-island').then((module) => hydratable(module.homeLocationIsland, homeLocationIslandProps)),
}
