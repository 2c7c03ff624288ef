import type { Lang } from '../../src/lib/lang'
import type { HomeSummary } from '../../src/schemas/home'
import type { AlertMailInput } from '../../src/server/saved-searches/alert-mail'
import { listingSourceFixture } from '../listing-source-fixture'

/* An alert mail's input: for the unit tests of its words and the browser test of its layout. */

function summary(overrides: Partial<HomeSummary> = {}): HomeSummary {
  return {
    homeId: 'K1',
    fullAddress: '12 Elm <St>, Irvine, CA 92620',
    city: 'Irvine',
    state: 'CA',
    postalCode: '92620',
    price: 1_234_567,
    beds: 3,
    baths: 2,
    size: 1650,
    lotSizeSqft: null,
    yearBuilt: null,
    type: 'sale',
    openHouses: [],
    propertyType: 'SingleFamilyResidence',
    homeStatus: 'Active',
    images: [],
    imageVariants: [],
    listOfficeName: 'Coast & "Sons" Realty',
    listAgentFullName: null,
    onMarketDate: '2026-03-01',
    isDemo: false,
    sourceId: 'file:feed',
    url: null,
    latitude: 33.68,
    longitude: -117.82,
    ...overrides,
  }
}

export function alertMailInput(lang: Lang, overrides: Partial<AlertMailInput> = {}): AlertMailInput {
  return {
    lang,
    realtor: {
      name: 'Sora <Park>',
      email: 'sora@realty.example',
      photo: 'https://cdn.example/sora.jpg',
      licenseNumber: 'DRE #1',
      brokerageName: 'Orange Coast Realty',
      brokerageLicenseNumber: null,
      postalAddress: '100 Main St, Irvine, CA',
      homepageUrl: 'https://sora.example/',
    },
    search: {
      visitorName: null,
      city: 'Irvine',
      state: 'CA',
      listingType: 'sale',
      minPrice: 500_000,
      maxPrice: 1_500_000,
      minBeds: 3,
      minBaths: null,
      frequency: 'instant',
    },
    homes: [
      { summary: summary(), reason: 'new', previousPrice: null, url: 'https://sora.example/homes/K1', photo: 'javascript:alert(1)' },
      {
        summary: summary({ homeId: 'K2', price: 950_000 }),
        reason: 'price-drop',
        previousPrice: 999_000,
        url: 'https://sora.example/homes/K2',
        photo: 'https://photos.example/k2.jpg',
      },
    ],
    total: 14,
    moreUrl: 'https://sora.example/?type=sale',
    manageUrl: 'https://sora.example/alerts?token=abc',
    unsubscribeUrl: 'https://sora.example/alerts?token=abc&unsubscribe=1',
    sources: [listingSourceFixture({ id: 'file:feed', mlsName: 'CRMLS', lastUpdatedAt: '2026-03-02T17:01:00.000Z' })],
    ...overrides,
  }
}
