import { describe, expect, it } from 'vitest'
import { homeJsonLd } from '../../src/features/listings/home-json-ld'
import { areaText } from '../../src/lib/home-display'
import { squareFeetToPyeong, squareFeetToSquareMeters } from '../../src/lib/format'
import type { HomeDetail } from '../../src/schemas/home'
import { listingSearchSchema } from '../../src/schemas/listing-search'
import { DEMO_SOURCE, demoHome, demoHomes } from '../../src/server/listings/demo-homes'
import { monthlyAssociationFee, resoPropertySchema, toHomeRecord, type HomeRecord } from '../../src/server/listings/reso-property'
import { listingSourceFixture } from '../listing-source-fixture'

/*
 * Listing pieces without a database: the schema.org markup of a home's page, the area text
 * in both languages, the homepage's forgiving search params, and the deterministic demo
 * listings the seed, screenshots and benchmarks rely on.
 */

// homeJsonLd ----------------------------------------------------------------------------------

const SALE: HomeDetail = {
  homeId: 'IRV-01',
  fullAddress: '101 Example Way, Irvine, CA 92620',
  city: 'Irvine',
  state: 'CA',
  postalCode: '92620',
  price: 1_250_000,
  beds: 3,
  baths: 2,
  size: 2_380,
  lotSizeSqft: 5_000,
  yearBuilt: 1998,
  type: 'sale',
  propertyType: 'SingleFamilyResidence',
  homeStatus: 'Active',
  images: ['/uploads/demo/homes/home-01.webp', 'https://photos.example.com/IRV-01/2.jpg'],
  imageVariants: [],
  listOfficeName: 'Example Realty',
  listAgentFullName: 'Jamie Example',
  onMarketDate: '2026-10-30',
  isDemo: false,
  sourceId: 'reso:api.mls.example',
  url: '/en/jane-kim/homes/IRV-01',
  openHouses: [],
  streetAddress: '101 Example Way',
  publicRemarks: 'A bright home near the park.',
  remarksTranslation: null,
  latitude: 33.68,
  longitude: -117.82,
  addressHidden: false,
  modificationTimestamp: '2026-10-30T10:00:00.000Z',
  associationFeeMonthly: null,
  listingSource: listingSourceFixture({ lastUpdatedAt: '2026-10-30T12:00:00.000Z' }),
}

const RENT: HomeDetail = { ...SALE, homeId: 'RENT-1', type: 'rent', price: 4_500, propertyType: 'Condominium', homeStatus: 'Pending' }

/** How homes.ts serves a listing whose MLS forbids the address. */
const HIDDEN: HomeDetail = {
  ...SALE,
  homeId: 'TUS-HIDDEN',
  fullAddress: 'Tustin, CA',
  city: 'Tustin',
  postalCode: null,
  streetAddress: null,
  latitude: null,
  longitude: null,
  addressHidden: true,
  propertyType: 'UnimprovedLand',
  beds: null,
  baths: null,
  size: null,
  yearBuilt: null,
  listOfficeName: null,
  publicRemarks: null,
  onMarketDate: null,
  images: [],
}

const INPUT = {
  url: 'https://homes.example.com/en/jane-kim/homes/IRV-01',
  origin: 'https://homes.example.com',
  realtor: { name: 'Jane Kim', url: 'https://homes.example.com/en/jane-kim' },
}

describe('homeJsonLd (schema.org RealEstateListing)', () => {
  it('a sale: the full listing with a USD offer to sell, address, rooms, floor size in FTK, position and provider', () => {
    expect(homeJsonLd(SALE, INPUT)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: '101 Example Way, Irvine, CA 92620',
      url: INPUT.url,
      identifier: 'IRV-01',
      datePosted: '2026-10-30',
      dateModified: '2026-10-30T10:00:00.000Z',
      description: 'A bright home near the park.',
      // A stored relative URL becomes absolute on our origin.
      image: ['https://homes.example.com/uploads/demo/homes/home-01.webp', 'https://photos.example.com/IRV-01/2.jpg'],
      offers: {
        '@type': 'Offer',
        price: 1_250_000,
        priceCurrency: 'USD',
        businessFunction: 'http://purl.org/goodrelations/v1#Sell',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Example Realty' },
      },
      about: {
        '@type': 'SingleFamilyResidence',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '101 Example Way',
          addressLocality: 'Irvine',
          addressRegion: 'CA',
          postalCode: '92620',
          addressCountry: 'US',
        },
        numberOfBedrooms: 3,
        numberOfBathroomsTotal: 2,
        floorSize: { '@type': 'QuantitativeValue', value: 2_380, unitCode: 'FTK' },
        yearBuilt: 1998,
        geo: { '@type': 'GeoCoordinates', latitude: 33.68, longitude: -117.82 },
      },
      provider: { '@type': 'RealEstateAgent', name: 'Jane Kim', url: 'https://homes.example.com/en/jane-kim' },
    })
  })

  it('a rental: an offer to lease out, with the monthly price', () => {
    const ld = homeJsonLd(RENT, INPUT)
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      price: 4_500,
      priceCurrency: 'USD',
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      availability: 'https://schema.org/LimitedAvailability',
      seller: { '@type': 'Organization', name: 'Example Realty' },
    })
    expect(ld.about['@type']).toBe('Apartment')
  })

  it('a hidden address: PostalAddress without street or postal code, no geo; absent facts are left out, not null', () => {
    const ld = homeJsonLd(HIDDEN, INPUT)
    expect(ld.about).toEqual({
      '@type': 'Residence',
      address: { '@type': 'PostalAddress', addressLocality: 'Tustin', addressRegion: 'CA', addressCountry: 'US' },
    })
    expect(ld.name).toBe('Tustin, CA')
    expect(ld).not.toHaveProperty('image')
    expect(ld).not.toHaveProperty('description')
    expect(ld).not.toHaveProperty('datePosted')
    expect(ld.offers).not.toHaveProperty('seller')
    expect(JSON.stringify(ld)).not.toMatch(/streetAddress|postalCode|geo|latitude|null/)
    expect(ld.provider).toEqual({ '@type': 'RealEstateAgent', name: 'Jane Kim', url: 'https://homes.example.com/en/jane-kim' })
  })

  it('geo needs both coordinates; an unknown status gives no availability', () => {
    const ld = homeJsonLd({ ...SALE, longitude: null, homeStatus: 'Withdrawn' }, INPUT)
    expect(ld.about).not.toHaveProperty('geo')
    expect(ld.about.address).toHaveProperty('streetAddress', '101 Example Way')
    expect(ld.offers).not.toHaveProperty('availability')
  })

  it('keeps the description to 1,000 characters', () => {
    const ld = homeJsonLd({ ...SALE, publicRemarks: 'x'.repeat(1_500) }, INPUT)
    expect(ld.description).toHaveLength(1_000)
  })
})

// areaText ------------------------------------------------------------------------------------

describe('areaText', () => {
  it('English: square feet with thousands commas', () => {
    expect(areaText(2_380, 'en')).toBe('2,380 sqft')
    expect(areaText(950, 'en')).toBe('950 sqft')
  })

  it('Korean: square feet, then ㎡ and 평 with one decimal', () => {
    expect(squareFeetToSquareMeters(2_380)).toBe(221.1)
    expect(squareFeetToPyeong(2_380)).toBe(66.9)
    expect(areaText(2_380, 'ko')).toBe('2,380 sqft (221.1㎡ · 66.9평)')
    // 1,000 sqft = 92.90304 ㎡ = 28.10 평: one decimal, grouping past 999.
    expect(areaText(1_000, 'ko')).toBe('1,000 sqft (92.9㎡ · 28.1평)')
    expect(areaText(12_000, 'ko')).toBe('12,000 sqft (1,114.8㎡ · 337.2평)')
  })
})

// listingSearchSchema -------------------------------------------------------------------------

describe('listingSearchSchema (homepage search params: bad values fall back to "no filter")', () => {
  it('keeps valid values, as numbers', () => {
    expect(listingSearchSchema.parse({ region: '2', type: 'rent', minPrice: '500000', maxPrice: '3000', minBeds: '3', page: '4' })).toEqual({
      region: 2,
      type: 'rent',
      minPrice: 500_000,
      maxPrice: 3_000,
      minBeds: 3,
      page: 4,
    })
    expect(listingSearchSchema.parse({ type: 'sale', minPrice: 1_000_000_000, page: 500, region: 19, minBeds: 20 })).toMatchObject({
      type: 'sale',
      minPrice: 1_000_000_000,
      page: 500,
      region: 19,
      minBeds: 20,
    })
  })

  it('an empty search is no filter at all', () => {
    const parsed = listingSearchSchema.parse({})
    expect(Object.values(parsed).filter((value) => value !== undefined)).toEqual([])
  })

  it.each<[string, Record<string, unknown>]>([
    ['a bad type', { type: 'buy' }],
    ['an upper-case type', { type: 'RENT' }],
    ['text for a number', { minPrice: 'abc', maxPrice: 'cheap', minBeds: 'many', page: 'two', region: 'north' }],
    ['empty values', { type: '', minPrice: '', maxPrice: '', minBeds: '', page: '', region: '' }],
    ['negative numbers', { minPrice: '-1', maxPrice: '-500', minBeds: '-2', page: '-1', region: '-1' }],
    ['fractions', { minPrice: '1.5', minBeds: '2.5', page: '1.1', region: '0.5' }],
    ['values past the maximum', { minPrice: '1000000001', maxPrice: '1e12', minBeds: '21', page: '501', region: '20' }],
    ['zero ("any" from a form without JavaScript)', { minPrice: '0', maxPrice: '0', minBeds: '0', page: '0', region: '0' }],
    ['arrays and objects', { type: ['rent'], minPrice: { value: 1 }, page: [2, 3] }],
  ])('%s fall back to undefined, never an error', (_, input) => {
    const result = listingSearchSchema.safeParse(input)
    expect(result.success).toBe(true)
    if (!result.success) return
    expect(Object.values(result.data).filter((value) => value !== undefined)).toEqual([])
  })

  it('maxPrice=0 is no upper bound (undefined), and one bad field leaves the good ones alone', () => {
    expect(listingSearchSchema.parse({ maxPrice: '0' }).maxPrice).toBeUndefined()
    expect(listingSearchSchema.parse({ maxPrice: 0 }).maxPrice).toBeUndefined()
    expect(listingSearchSchema.parse({ type: 'rent', maxPrice: 'abc', minBeds: '2', page: '-3' })).toEqual({ type: 'rent', minBeds: 2 })
  })
})

// demoHome ------------------------------------------------------------------------------------

const IMAGES = Array.from({ length: 18 }, (_, index) => `/uploads/demo/homes/home-${String(index + 1).padStart(2, '0')}.webp`)
const CITY_STATE: Record<string, string> = { Irvine: 'CA', Tustin: 'CA', Duluth: 'GA', Suwanee: 'GA', 'Johns Creek': 'GA', Alpharetta: 'GA' }
const SAMPLE = 1_000
/** The demo is seeded relative to its day (issue 27); any moment of that day gives the same homes. */
const SEEDED_AT = new Date('2026-11-01T09:30:00Z')

/** The record as a RESO feed would carry it, to run it through the importer's own schema. */
function asReso(home: HomeRecord): Record<string, unknown> {
  return {
    ListingKey: home.listingKey,
    ListPrice: home.listPrice,
    StandardStatus: home.standardStatus,
    PropertyType: home.propertyType,
    PropertySubType: home.propertySubType,
    BedroomsTotal: home.bedroomsTotal,
    BathroomsTotalInteger: home.bathroomsTotalInteger,
    LivingArea: home.livingArea,
    LotSizeSquareFeet: home.lotSizeSquareFeet,
    AssociationFee: home.associationFeeMonthly,
    OriginalListPrice: home.originalListPrice,
    ClosePrice: home.closePrice,
    CloseDate: home.closeDate,
    AssociationFeeFrequency: home.associationFeeMonthly === null ? null : 'Monthly',
    YearBuilt: home.yearBuilt,
    UnparsedAddress: home.unparsedAddress,
    City: home.city,
    StateOrProvince: home.stateOrProvince,
    PostalCode: home.postalCode,
    Latitude: home.latitude,
    Longitude: home.longitude,
    PublicRemarks: home.publicRemarks,
    ListAgentFullName: home.listAgentFullName,
    ListOfficeName: home.listOfficeName,
    OnMarketDate: home.onMarketDate,
    ModificationTimestamp: home.modificationTimestamp,
    InternetEntireListingDisplayYN: home.internetEntireListingDisplay,
    InternetAddressDisplayYN: home.internetAddressDisplay,
    Media: home.media.map((item, order) => ({ MediaKey: item.mediaKey, MediaURL: `https://cdn.example.com${item.url}`, Order: order })),
  }
}

describe('demoHome (deterministic demo listings)', () => {
  const homes = Array.from({ length: SAMPLE }, (_, index) => demoHome(index, IMAGES, SEEDED_AT))

  it('the same index gives the same home; another index another home', () => {
    expect(demoHome(0, IMAGES, SEEDED_AT)).toEqual(demoHome(0, IMAGES, SEEDED_AT))
    expect(demoHome(41, IMAGES, SEEDED_AT)).toStrictEqual(homes[41])
    expect(demoHome(1, IMAGES, SEEDED_AT)).not.toEqual(demoHome(0, IMAGES, SEEDED_AT))
    const { listingKey: _a, media: _b, ...first } = demoHome(0, IMAGES, SEEDED_AT)
    const { listingKey: _c, media: _d, ...second } = demoHome(1, IMAGES, SEEDED_AT)
    expect(second).not.toEqual(first)
    // demoHomes yields exactly demoHome(0..n-1).
    expect([...demoHomes(5, IMAGES, SEEDED_AT)]).toEqual(homes.slice(0, 5))
    expect(DEMO_SOURCE).toBe('demo')
    expect(() => [...demoHomes(1, [], SEEDED_AT)]).toThrow()
  })

  it('dates count back from the seed day: seeded a month later, every date is a month later', () => {
    expect(demoHome(7, IMAGES, new Date('2026-11-01T23:59:00Z'))).toEqual(demoHome(7, IMAGES, SEEDED_AT))
    const later = new Date('2026-12-01T08:00:00Z')
    const shift = (day: string) => new Date(Date.parse(day) + 30 * 86_400_000).toISOString().slice(0, 10)
    for (const index of [0, 41, 500]) {
      const home = demoHome(index, IMAGES, SEEDED_AT)
      const moved = demoHome(index, IMAGES, later)
      expect(moved.onMarketDate).toBe(shift(home.onMarketDate))
      expect(moved.listPrice).toBe(home.listPrice)
    }
  })

  it('sold homes sold in the past 100 days near their price; a share of active homes were reduced lately', () => {
    const sold = homes.filter((home) => home.standardStatus === 'Closed' && home.propertyType !== 'ResidentialLease')
    expect(sold.length).toBeGreaterThan(SAMPLE * 0.15)
    for (const home of sold) {
      expect(home.closeDate, home.listingKey).not.toBeNull()
      const closed = home.closeDate ?? ''
      expect(closed <= '2026-11-01' && closed > '2026-07-23', `${home.listingKey} closed ${closed}`).toBe(true)
      expect(home.onMarketDate < (home.closeDate ?? ''), home.listingKey).toBe(true)
      expect((home.closePrice ?? 0) / home.listPrice, home.listingKey).toBeGreaterThan(0.95)
      expect((home.closePrice ?? 0) / home.listPrice, home.listingKey).toBeLessThan(1.04)
    }
    const reduced = homes.filter((home) => home.originalListPrice !== null)
    expect(reduced.every((home) => home.standardStatus === 'Active' && (home.originalListPrice ?? 0) > home.listPrice)).toBe(true)
    expect(reduced.length).toBeGreaterThan(SAMPLE * 0.1)
    expect(homes.filter((home) => home.standardStatus !== 'Closed').every((home) => home.closePrice === null)).toBe(true)
  })

  it('keys are DEMO-000001, DEMO-000002, … and unique', () => {
    expect(homes.slice(0, 3).map((home) => home.listingKey)).toEqual(['DEMO-000001', 'DEMO-000002', 'DEMO-000003'])
    expect(homes[SAMPLE - 1]?.listingKey).toBe('DEMO-001000')
    expect(demoHome(123_455, IMAGES, SEEDED_AT).listingKey).toBe('DEMO-123456')
    expect(new Set(homes.map((home) => home.listingKey)).size).toBe(SAMPLE)
  })

  it('every home is sane: a price, a known city in its state, photos from the given list, a date up to 2026-11-01', () => {
    for (const home of homes) {
      const where = home.listingKey
      expect(home.listPrice, where).toBeGreaterThan(0)
      expect(Number.isInteger(home.listPrice), where).toBe(true)
      expect(CITY_STATE[home.city], where).toBe(home.stateOrProvince)
      expect(home.media.length, where).toBeGreaterThanOrEqual(3)
      expect(home.media.length, where).toBeLessThanOrEqual(6)
      for (const item of home.media) expect(IMAGES, where).toContain(item.url)
      expect(new Set(home.media.map((item) => item.url)).size, where).toBe(home.media.length)
      expect(home.onMarketDate, where).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(home.onMarketDate <= '2026-11-01', where).toBe(true)
      expect(home.modificationTimestamp.slice(0, 10) >= home.onMarketDate, where).toBe(true)
      expect(home.bedroomsTotal ?? 0, where).toBeGreaterThanOrEqual(1)
      expect(home.bathroomsTotalInteger ?? 0, where).toBeGreaterThanOrEqual(1)
      expect(home.publicRemarks, where).toMatch(/^Demo listing \(not a real home\)\./)
      if (home.propertyType === 'ResidentialLease') expect(home.standardStatus, where).toBe('Active')
    }
  })

  it('every home passes the importer’s RESO schema and maps back to itself', () => {
    for (const home of homes) {
      const parsed = resoPropertySchema.safeParse(asReso(home))
      expect(parsed.success, `${home.listingKey}: ${parsed.error?.message ?? ''}`).toBe(true)
      if (!parsed.success) continue
      const back = toHomeRecord(parsed.data)
      expect({ ...back, media: back.media.map((item) => ({ ...item, url: item.url.replace('https://cdn.example.com', '') })) }).toEqual(home)
    }
  })

  it('the distribution fills the default query (Irvine CA, for sale, single-family, active) past one group of 15', () => {
    const isDefault = (home: HomeRecord) =>
      home.city === 'Irvine' &&
      home.stateOrProvince === 'CA' &&
      home.propertyType !== 'ResidentialLease' &&
      home.propertySubType === 'SingleFamilyResidence' &&
      home.standardStatus === 'Active' &&
      home.internetEntireListingDisplay
    // A seed of 200 already gives more than one group; the default seed of 1,000 gives many pages.
    expect(homes.slice(0, 200).filter(isDefault).length).toBeGreaterThan(15)
    expect(homes.filter(isDefault).length).toBeGreaterThan(100)
    // Every city, sub-type and status shows up, rentals too, and the MLS display rules are exercised.
    expect(new Set(homes.map((home) => home.city))).toEqual(new Set(Object.keys(CITY_STATE)))
    expect(new Set(homes.map((home) => home.propertySubType))).toEqual(new Set(['SingleFamilyResidence', 'Condominium', 'Townhouse', 'MultiFamily']))
    expect(new Set(homes.map((home) => home.standardStatus))).toEqual(new Set(['Active', 'Pending', 'ComingSoon', 'Closed']))
    expect(homes.some((home) => home.city === 'Irvine' && home.propertyType === 'ResidentialLease' && home.propertySubType === 'SingleFamilyResidence')).toBe(
      true,
    )
    expect(homes.some((home) => !home.internetEntireListingDisplay)).toBe(true)
    expect(homes.some((home) => !home.internetAddressDisplay)).toBe(true)
    // Rents are monthly amounts, sales are not.
    for (const home of homes) {
      if (home.propertyType === 'ResidentialLease') expect(home.listPrice).toBeLessThan(50_000)
      else expect(home.listPrice).toBeGreaterThan(100_000)
    }
  })
})

describe('HOA dues from RESO AssociationFee and AssociationFeeFrequency', () => {
  it('turns every recurring frequency into dollars per month, in either RESO spelling', () => {
    expect(monthlyAssociationFee(450, 'Monthly')).toBe(450)
    expect(monthlyAssociationFee(900, 'Quarterly')).toBe(300)
    expect(monthlyAssociationFee(1200, 'Semi-Annually')).toBe(200)
    expect(monthlyAssociationFee(1200, 'SemiAnnually')).toBe(200)
    expect(monthlyAssociationFee(2400, 'Annually')).toBe(200)
    expect(monthlyAssociationFee(100, 'Weekly')).toBe(433.33)
  })

  it('knows no monthly figure without a fee, without a frequency, or for a one-time fee', () => {
    expect(monthlyAssociationFee(null, 'Monthly')).toBeNull()
    expect(monthlyAssociationFee(300, undefined)).toBeNull()
    expect(monthlyAssociationFee(5000, 'One Time')).toBeNull()
  })
})
