import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import {
  HOME_LIST_DEFAULTS,
  homeDetailSchema,
  homeListPageSchema,
  homePointsSchema,
  homeSummarySchema,
  type HomeDetail,
  type HomeListPage,
} from '../../src/schemas/home'
import type { ListingSource } from '../../src/schemas/listing-source'
import { retireHomesNotIn, upsertHomes } from '../../src/server/listings/home-store'
import { computeMarketFigures } from '../../src/server/market/market-figures'
import { readRevisions } from '../../src/server/pages/revisions'
import { parseResoProperties, type HomeRecord } from '../../src/server/listings/reso-property'
import type { AppServices } from '../../src/server/services'
import { shippedCatalog } from '../catalog'
import { api, createTestApp, describeOnEachDatabase, expectError, type HttpResult, type TestApp } from './harness'
import { listingSourceFixture } from '../listing-source-fixture'

/*
 * `GET /cozying-api/v1/home/list` and `GET /cozying-api/v1/home/{listingKey}` (spec §7/§9,
 * DESIGN §4–5) through the real dispatcher, on SQLite and PostgreSQL. The fixture is written
 * by hand (RESO properties → parseResoProperties → upsertHomes at a fixed time) so every
 * expectation below is an exact list of ListingKeys in order.
 */

const EN = 'en'
const VALIDATION_EN = 'Some fields need your attention'
const SOURCE = 'homes-test'
const RETIRE_SOURCE = 'homes-test-retire'
const FIXED_NOW = new Date(Date.UTC(2026, 10, 2, 12, 0, 0))
/** The fixture's source as pages get it: default profile, no import run recorded (upserted directly). */
const FIXTURE_SOURCE: ListingSource = listingSourceFixture({ id: SOURCE, mlsName: 'the MLS' })
/** The listing agent's direct contacts: present in the feed, never in any answer. */
const AGENT_PHONE = '949-555-0199'
const AGENT_EMAIL = 'jamie.direct@example.com'
const AGENT_MOBILE = '714-555-0142'

type Fixture = {
  key: string
  price: number
  date: string
  beds: number
  baths: number
  city?: string
  state?: string
  subType?: string
  status?: string
  lease?: boolean
  entireDisplay?: boolean
  addressDisplay?: boolean
  /** A feed's UnparsedAddress when it is more than the street. */
  unparsed?: string
  /** LivingArea when not the beds' formula; null when the feed gives none. */
  size?: number | null
  remarks?: string
  zip?: string
  /** OriginalListPrice, when the feed gives one. */
  original?: number
  /** ModificationTimestamp when not the on-market day's 10:00 UTC. */
  modified?: string
}

/**
 * The 17 homes of the default query (Irvine, CA, sale, single-family, active): one date each,
 * IRV-01 newest; prices chosen so price order differs from date order and has no ties.
 */
const DEFAULT_GROUP: Array<Fixture> = [
  { key: 'IRV-01', date: '2026-10-30', price: 1_250_000, beds: 3, baths: 2 },
  { key: 'IRV-02', date: '2026-10-29', price: 1_800_000, beds: 4, baths: 3 },
  { key: 'IRV-03', date: '2026-10-28', price: 950_000, beds: 2, baths: 1 },
  { key: 'IRV-04', date: '2026-10-27', price: 2_400_000, beds: 5, baths: 4 },
  { key: 'IRV-05', date: '2026-10-26', price: 1_400_000, beds: 3, baths: 2 },
  { key: 'IRV-06', date: '2026-10-25', price: 1_100_000, beds: 3, baths: 2 },
  { key: 'IRV-07', date: '2026-10-24', price: 3_100_000, beds: 6, baths: 5 },
  { key: 'IRV-08', date: '2026-10-23', price: 1_650_000, beds: 4, baths: 3 },
  { key: 'IRV-09', date: '2026-10-22', price: 880_000, beds: 2, baths: 2 },
  { key: 'IRV-10', date: '2026-10-21', price: 2_050_000, beds: 4, baths: 3 },
  { key: 'IRV-11', date: '2026-10-20', price: 1_320_000, beds: 3, baths: 3 },
  { key: 'IRV-12', date: '2026-10-19', price: 1_990_000, beds: 5, baths: 3 },
  { key: 'IRV-13', date: '2026-10-18', price: 1_020_000, beds: 2, baths: 1 },
  { key: 'IRV-14', date: '2026-10-17', price: 2_750_000, beds: 5, baths: 4 },
  { key: 'IRV-15', date: '2026-10-16', price: 1_560_000, beds: 4, baths: 2 },
  { key: 'IRV-16', date: '2026-10-15', price: 799_000, beds: 1, baths: 1 },
  { key: 'IRV-17', date: '2026-10-14', price: 3_500_000, beds: 6, baths: 5 },
]

/** Homes outside the default query, each there for one filter or MLS rule. */
const OTHERS: Array<Fixture> = [
  { key: 'RENT-1', date: '2026-10-20', price: 4_500, beds: 3, baths: 2, lease: true },
  { key: 'RENT-2', date: '2026-10-25', price: 5_200, beds: 4, baths: 3, lease: true },
  { key: 'RENT-CONDO', date: '2026-10-26', price: 3_100, beds: 2, baths: 2, lease: true, subType: 'Condominium' },
  { key: 'CONDO-1', date: '2026-10-28', price: 820_000, beds: 2, baths: 2, subType: 'Condominium' },
  { key: 'CONDO-2', date: '2026-10-29', price: 760_000, beds: 2, baths: 1, subType: 'Condominium' },
  { key: 'PEND-1', date: '2026-10-26', price: 1_500_000, beds: 4, baths: 3, status: 'Pending' },
  { key: 'CLOSED-1', date: '2026-09-30', price: 1_450_000, beds: 3, baths: 2, status: 'Closed' },
  { key: 'TUS-1', date: '2026-10-27', price: 1_150_000, beds: 3, baths: 2, city: 'Tustin' },
  { key: 'TUS-HIDDEN', date: '2026-10-28', price: 1_210_000, beds: 3, baths: 2, city: 'Tustin', addressDisplay: false },
  { key: 'GA-1', date: '2026-10-22', price: 520_000, beds: 4, baths: 3, city: 'Duluth', state: 'GA' },
  { key: 'GA-2', date: '2026-10-23', price: 545_000, beds: 4, baths: 3, city: 'duluth', state: 'GA' },
  { key: 'GA-IRV', date: '2026-10-24', price: 610_000, beds: 3, baths: 2, city: 'Irvine', state: 'GA' },
  // The project's own sample feed (tests/fixtures/reso-sample.json) writes the whole address here.
  { key: 'MF-1', date: '2026-10-21', price: 2_200_000, beds: 6, baths: 4, subType: 'MultiFamily', unparsed: '12 Sample Lantern, Irvine, CA 92620' },
  // Newest and cheapest of the default query: it would head both orders if it leaked.
  { key: 'NO-INTERNET', date: '2026-10-31', price: 700_000, beds: 3, baths: 2, entireDisplay: false },
  // Issue 51 item 3: every kind, sizes, ZIP codes and words to search for, in a city of their own.
  {
    key: 'FUL-1',
    date: '2026-10-30',
    price: 1_100_000,
    beds: 3,
    baths: 2,
    city: 'Fullerton',
    size: 1_800,
    zip: '92831',
    remarks: 'Quiet cul-de-sac in Woodcrest, 100% remodeled.',
  },
  {
    key: 'FUL-2',
    date: '2026-10-29',
    price: 640_000,
    beds: 2,
    baths: 2,
    city: 'Fullerton',
    subType: 'Condominium',
    size: 950,
    zip: '92832-1234',
    unparsed: '55 Amerige_Court',
    remarks: 'Walk to Cal State; HOA covers water.',
  },
  {
    key: 'FUL-3',
    date: '2026-10-28',
    price: 780_000,
    beds: 3,
    baths: 3,
    city: 'Fullerton',
    subType: 'Townhouse',
    size: 1_200,
    zip: '92831',
    remarks: 'Near WOODCREST Park, two-car garage.',
  },
  { key: 'FUL-4', date: '2026-10-27', price: 1_300_000, beds: 4, baths: 3, city: 'Fullerton', size: null, zip: '92833', remarks: 'Large lot.' },
]

const keys = (from: number, to: number) => DEFAULT_GROUP.slice(from - 1, to).map((home) => home.key)
const k = (...numbers: Array<number>) => numbers.map((n) => `IRV-${String(n).padStart(2, '0')}`)

function streetOf(home: Fixture): string {
  return `${100 + Number(home.key.replace(/\D/g, '') || '7')} ${home.key} Way`
}

function zipOf(home: Fixture): string {
  return home.state === 'GA' ? '30097' : home.city === 'Tustin' ? '92780' : '92620'
}

/** A RESO Property as a feed would deliver it, agent contacts included. */
function resoProperty(home: Fixture): Record<string, unknown> {
  return {
    ListingKey: home.key,
    ListPrice: home.price,
    StandardStatus: home.status ?? 'Active',
    PropertyType: home.lease ? 'ResidentialLease' : 'Residential',
    PropertySubType: home.subType ?? 'SingleFamilyResidence',
    BedroomsTotal: home.beds,
    BathroomsTotalInteger: home.baths,
    LivingArea: home.size === undefined ? 1_000 + home.beds * 300 : home.size,
    LotSizeSquareFeet: 4_000 + home.beds * 100,
    YearBuilt: 1990 + home.beds,
    UnparsedAddress: home.unparsed ?? streetOf(home),
    City: home.city ?? 'Irvine',
    StateOrProvince: home.state ?? 'CA',
    PostalCode: home.zip ?? zipOf(home),
    Latitude: 33.68,
    Longitude: -117.82,
    PublicRemarks: home.remarks ?? `Fixture home ${home.key}.`,
    ListAgentFullName: 'Jamie Example',
    ListAgentDirectPhone: AGENT_PHONE,
    ListAgentMobilePhone: AGENT_MOBILE,
    ListAgentEmail: AGENT_EMAIL,
    ListOfficeName: 'Example Realty',
    ListOfficePhone: AGENT_PHONE,
    OnMarketDate: home.date,
    OriginalListPrice: home.original,
    ModificationTimestamp: home.modified ?? `${home.date}T10:00:00Z`,
    InternetEntireListingDisplayYN: home.entireDisplay ?? true,
    InternetAddressDisplayYN: home.addressDisplay ?? true,
    // Out of order on purpose: the answer follows Order.
    Media: [2, 1].map((order) => ({ MediaKey: `${home.key}-${order}`, MediaURL: `https://photos.example.com/${home.key}/${order}.jpg`, Order: order })),
  }
}

function records(homes: ReadonlyArray<Fixture>): Array<HomeRecord> {
  const parsed = parseResoProperties(homes.map(resoProperty))
  expect(parsed.rejected).toEqual([])
  return parsed.records
}

const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
})
/** The raw answer, to check keys exactly (zod parsing would strip unknown keys). */
const rawObjectSchema = z.record(z.string(), z.unknown())
const rawPageSchema = z.object({ homes: z.array(rawObjectSchema) }).catchall(z.unknown())

/** The Korean text of an English message id, read from the catalog the app ships. */
let koCatalog: Map<string, string> | undefined
function koText(english: string): string {
  koCatalog ??= shippedCatalog('ko')
  const translated = koCatalog.get(english)
  if (!translated) throw new Error(`"${english}" has no Korean translation in locales/ko/messages.po`)
  return translated
}

describeOnEachDatabase('homes GET /home/list and /home/{listingKey}', (database) => {
  let app: TestApp
  let s: AppServices

  async function get(path: string, lang = EN): Promise<HttpResult> {
    const result = await api(s, 'GET', path, { lang })
    expect(result.status, result.text).toBeLessThan(500)
    return result
  }

  async function list(query: string): Promise<HomeListPage> {
    const result = await get(`/home/list${query}`)
    expect(result.status, result.text).toBe(200)
    expect(result.headers.get('content-type')).toMatch(/^application\/json/)
    return homeListPageSchema.parse(result.body)
  }

  const idsOf = (page: HomeListPage) => page.homes.map((home) => home.homeId)

  async function detail(key: string, query = ''): Promise<HomeDetail> {
    const result = await get(`/home/${encodeURIComponent(key)}${query}`)
    expect(result.status, result.text).toBe(200)
    return homeDetailSchema.parse(result.body)
  }

  function errorOf(result: HttpResult) {
    return errorBodySchema.parse(result.body)
  }

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    app.clock.set(FIXED_NOW)
    const result = await upsertHomes(s.db, records([...DEFAULT_GROUP, ...OTHERS]), { source: SOURCE, isDemo: false, now: FIXED_NOW })
    expect(result).toEqual({ inserted: DEFAULT_GROUP.length + OTHERS.length, updated: 0, unchanged: 0 })
  })

  afterAll(async () => {
    await app?.close()
  })

  // Defaults ---------------------------------------------------------------------------------

  it('no query: the spec defaults, Irvine CA active single-family for sale, newest first, 10 of a group of 15', async () => {
    const page = await list('')
    expect(idsOf(page)).toEqual(keys(1, 10))
    expect({ ...page, homes: [] }).toEqual({
      homes: [],
      currentPage: HOME_LIST_DEFAULTS.currentPage,
      homesPerPage: HOME_LIST_DEFAULTS.homesPerPage,
      totalHomesPerGroup: HOME_LIST_DEFAULTS.totalHomesPerGroup,
      totalHomes: 15,
      totalPages: 2,
      hasMoreThanGroup: true,
      // Issue 15: what the page must say about the source of its homes (no profile file: the defaults).
      sources: [FIXTURE_SOURCE],
    })
    expect(HOME_LIST_DEFAULTS).toMatchObject({
      currentPage: 1,
      homesPerPage: 10,
      totalHomesPerGroup: 15,
      type: 'sale',
      propertyType: 'single_family',
      propertyStatus: 'active',
      state: 'CA',
      city: 'Irvine',
    })
    for (const home of page.homes) {
      expect(home).toMatchObject({
        city: 'Irvine',
        state: 'CA',
        type: 'sale',
        propertyType: 'SingleFamilyResidence',
        homeStatus: 'Active',
        isDemo: false,
        url: null,
      })
    }
    const dates = page.homes.map((home) => home.onMarketDate ?? '')
    expect(dates).toEqual([...dates].sort().reverse())
    expect(new Set(dates).size).toBe(dates.length)
  })

  it('spelling the defaults out gives the same page', async () => {
    const explicit = await list(
      '?type=sale&propertyType=single_family&propertyStatus=active&currentPage=1&homesPerPage=10&totalHomesPerGroup=15&state=CA&city=Irvine&sort=newest',
    )
    expect(explicit).toEqual(await list(''))
  })

  it('hasMoreThanGroup is false when the group holds every match (17 of 17, and 17 of a group of 50)', async () => {
    expect(await list('?totalHomesPerGroup=17&homesPerPage=50')).toMatchObject({ totalHomes: 17, totalPages: 1, hasMoreThanGroup: false })
    const wide = await list('?totalHomesPerGroup=50&homesPerPage=50')
    expect(idsOf(wide)).toEqual(keys(1, 17))
    expect(wide).toMatchObject({ totalHomes: 17, totalPages: 1, hasMoreThanGroup: false })
    expect(await list('?totalHomesPerGroup=16')).toMatchObject({ totalHomes: 16, totalPages: 2, hasMoreThanGroup: true })
  })

  // Filters ----------------------------------------------------------------------------------

  it.each<[string, Array<string>]>([
    ['?type=rent', ['RENT-2', 'RENT-1']],
    ['?type=rent&sort=price_asc', ['RENT-1', 'RENT-2']],
    ['?type=rent&propertyType=condo', ['RENT-CONDO']],
    ['?propertyType=condo', ['CONDO-2', 'CONDO-1']],
    ['?propertyType=condo&sort=price_desc', ['CONDO-1', 'CONDO-2']],
    ['?propertyType=townhouse', []],
    ['?propertyStatus=pending', ['PEND-1']],
    ['?propertyStatus=sold', ['CLOSED-1']],
    ['?propertyStatus=coming_soon', []],
    ['?city=Tustin', ['TUS-HIDDEN', 'TUS-1']],
    ['?state=GA&city=Duluth', ['GA-2', 'GA-1']],
    ['?state=GA&city=DULUTH', ['GA-2', 'GA-1']],
    ['?state=GA', ['GA-IRV']],
    ['?state=GA&city=Irvine', ['GA-IRV']],
    ['?state=CA&city=Duluth', []],
    ['?city=Nowhere', []],
  ])('%s → exactly %j', async (query, expected) => {
    const page = await list(query)
    expect(idsOf(page)).toEqual(expected)
    expect(page).toMatchObject({ totalHomes: expected.length, totalPages: 1, hasMoreThanGroup: false })
  })

  it.each(['?city=irvine', '?city=IRVINE', '?city=%20iRvInE%20', '?state=CA&city=irvine'])('%s matches Irvine case-insensitively', async (query) => {
    const page = await list(query)
    expect(idsOf(page)).toEqual(keys(1, 10))
    expect(page.totalHomes).toBe(15)
  })

  it.each<[string, Array<string>]>([
    ['?minPrice=2000000', k(4, 7, 10, 14, 17)],
    ['?maxPrice=1000000', k(3, 9, 16)],
    // Both bounds are inclusive: IRV-13 costs exactly 1,020,000 and IRV-05 exactly 1,400,000.
    ['?minPrice=1020000&maxPrice=1400000', k(1, 5, 6, 11, 13)],
    ['?minPrice=1400000&maxPrice=1400000', k(5)],
    ['?minBeds=5', k(4, 7, 12, 14, 17)],
    ['?minBaths=4', k(4, 7, 14, 17)],
    ['?minBeds=4&minBaths=3&maxPrice=2000000', k(2, 8, 12)],
    ['?minBeds=7', []],
    ['?minPrice=2000000&sort=price_asc', k(10, 4, 14, 7, 17)],
    ['?minPrice=2000000&sort=price_desc', k(17, 7, 14, 4, 10)],
  ])('%s → exactly %j', async (query, expected) => {
    const page = await list(query)
    expect(idsOf(page)).toEqual(expected)
    expect(page).toMatchObject({ totalHomes: expected.length, hasMoreThanGroup: false })
  })

  // Issue 51 item 3: any kind, living area, ZIP code, keyword, size order --------------------------

  it.each<[string, Array<string>]>([
    // No propertyType still means the spec's single-family; `any` means every kind.
    ['?city=Fullerton', ['FUL-1', 'FUL-4']],
    ['?city=Fullerton&propertyType=any', ['FUL-1', 'FUL-2', 'FUL-3', 'FUL-4']],
    ['?city=Fullerton&propertyType=townhouse', ['FUL-3']],
    ['?city=Fullerton&propertyType=any&minSize=1000', ['FUL-1', 'FUL-3']],
    ['?city=Fullerton&propertyType=any&maxSize=1200', ['FUL-2', 'FUL-3']],
    ['?city=Fullerton&propertyType=any&minSize=1200&maxSize=1200', ['FUL-3']],
    ['?city=Fullerton&propertyType=any&minBaths=3', ['FUL-3', 'FUL-4']],
    // A ZIP+4 matches its five digits.
    ['?city=Fullerton&propertyType=any&postalCode=92832', ['FUL-2']],
    ['?city=Fullerton&propertyType=any&postalCode=92831', ['FUL-1', 'FUL-3']],
    ['?city=Fullerton&propertyType=any&postalCode=92620', []],
    // Keywords: remarks, street, city; any case; every word must be found.
    ['?city=Fullerton&propertyType=any&q=woodcrest', ['FUL-1', 'FUL-3']],
    ['?city=Fullerton&propertyType=any&q=%20Woodcrest%20%20PARK%20', ['FUL-3']],
    ['?city=Fullerton&propertyType=any&q=amerige', ['FUL-2']],
    ['?city=Fullerton&propertyType=any&q=fullerton', ['FUL-1', 'FUL-2', 'FUL-3', 'FUL-4']],
    ['?city=Fullerton&propertyType=any&q=woodcrest%20nowhere', []],
    ['?city=Fullerton&q=woodcrest', ['FUL-1']],
    // `%` and `_` are plain characters, not LIKE wildcards; a backslash too.
    ['?city=Fullerton&propertyType=any&q=%25', ['FUL-1']],
    ['?city=Fullerton&propertyType=any&q=100%25', ['FUL-1']],
    ['?city=Fullerton&propertyType=any&q=_', ['FUL-2']],
    ['?city=Fullerton&propertyType=any&q=e_c', ['FUL-2']],
    ['?city=Fullerton&propertyType=any&q=%5C', []],
    ['?city=Fullerton&propertyType=any&q=%27%3B%20drop%20table%20home%3B--', []],
    // Size order puts the home without a living area last both ways, on both databases.
    ['?city=Fullerton&propertyType=any&sort=size_asc', ['FUL-2', 'FUL-3', 'FUL-1', 'FUL-4']],
    ['?city=Fullerton&propertyType=any&sort=size_desc', ['FUL-1', 'FUL-3', 'FUL-2', 'FUL-4']],
  ])('%s → exactly %j', async (query, expected) => {
    const page = await list(query)
    expect(idsOf(page)).toEqual(expected)
    expect(page).toMatchObject({ totalHomes: expected.length, hasMoreThanGroup: false })
  })

  it('propertyType=any in Irvine counts every kind: the 17 single-family homes, two condos and the multi-family one', async () => {
    const page = await list('?propertyType=any&totalHomesPerGroup=500&homesPerPage=50')
    expect(idsOf(page).sort()).toEqual([...keys(1, 17), 'CONDO-1', 'CONDO-2', 'MF-1'].sort())
  })

  it('home/points takes the same new filters as the list', async () => {
    const points = await get('/home/points?bbox=-118,33.5,-117.5,34&propertyType=any&q=woodcrest&minSize=1000&postalCode=92831')
    expect(points.status, points.text).toBe(200)
    expect(
      z
        .object({ points: z.array(z.object({ homeId: z.string() })) })
        .parse(points.body)
        .points.map((point) => point.homeId),
    ).toEqual(['FUL-1', 'FUL-3'])
    const badSizes = await get('/home/points?bbox=-118,33.5,-117.5,34&minSize=2000&maxSize=1000')
    expectError(badSizes, 400, 'VALIDATION_FAILED', VALIDATION_EN)
    expect(errorOf(badSizes).fieldErrors).toEqual({ maxSize: ['The largest size must not be below the smallest'] })
  })

  it('sort=price_asc pages through the 15 cheapest; the two dearest are outside the group', async () => {
    const first = await list('?sort=price_asc')
    const second = await list('?sort=price_asc&currentPage=2')
    expect(idsOf(first)).toEqual(k(16, 9, 3, 13, 6, 1, 11, 5, 15, 8))
    expect(idsOf(second)).toEqual(k(2, 12, 10, 4, 14))
    expect(second).toMatchObject({ totalHomes: 15, totalPages: 2, hasMoreThanGroup: true })
    const prices = [...first.homes, ...second.homes].map((home) => home.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it('sort=price_desc pages through the 15 dearest; the two cheapest are outside the group', async () => {
    const first = await list('?sort=price_desc')
    const second = await list('?sort=price_desc&currentPage=2')
    expect(idsOf(first)).toEqual(k(17, 7, 14, 4, 10, 12, 2, 8, 15, 5))
    expect(idsOf(second)).toEqual(k(11, 1, 6, 13, 3))
    expect(first.homes[0]?.price).toBe(3_500_000)
  })

  // Paging -----------------------------------------------------------------------------------

  it('default paging: page 1 and 2 cover the group of 15 once each, page 3 is empty (200)', async () => {
    const pages = [await list('?currentPage=1'), await list('?currentPage=2'), await list('?currentPage=3')]
    expect(pages.map(idsOf)).toEqual([keys(1, 10), keys(11, 15), []])
    for (const [index, page] of pages.entries()) {
      expect(page).toMatchObject({ currentPage: index + 1, homesPerPage: 10, totalHomesPerGroup: 15, totalHomes: 15, totalPages: 2, hasMoreThanGroup: true })
    }
  })

  it('pages of 4 in a group of 10: 4 + 4 + 2, no gap, no repeat, then empty', async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => list(`?homesPerPage=4&totalHomesPerGroup=10&currentPage=${n}`)))
    expect(pages.map(idsOf)).toEqual([keys(1, 4), keys(5, 8), keys(9, 10), [], []])
    const seen = pages.flatMap(idsOf)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(keys(1, 10))
    for (const page of pages) expect(page).toMatchObject({ totalHomes: 10, totalPages: 3, hasMoreThanGroup: true })
  })

  it('pages of 5 over every match (group 500): 5 + 5 + 5 + 2, in price order, each home once', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((n) => list(`?sort=price_asc&homesPerPage=5&totalHomesPerGroup=500&currentPage=${n}`)))
    expect(pages.map((page) => page.homes.length)).toEqual([5, 5, 5, 2])
    expect(pages.flatMap(idsOf)).toEqual(k(16, 9, 3, 13, 6, 1, 11, 5, 15, 8, 2, 12, 10, 4, 14, 7, 17))
    for (const page of pages) expect(page).toMatchObject({ totalHomes: 17, totalPages: 4, hasMoreThanGroup: false })
  })

  it('an empty result still has one (empty) page', async () => {
    expect(await list('?city=Nowhere')).toEqual({
      homes: [],
      currentPage: 1,
      homesPerPage: 10,
      totalHomesPerGroup: 15,
      totalHomes: 0,
      totalPages: 1,
      hasMoreThanGroup: false,
      sources: [],
    })
    expect(await list('?city=Nowhere&currentPage=9')).toMatchObject({ homes: [], currentPage: 9, totalHomes: 0 })
  })

  // Response shape ---------------------------------------------------------------------------

  it('each home has exactly the documented keys and nothing of the agent’s direct contacts', async () => {
    const result = await get('/home/list?totalHomesPerGroup=50&homesPerPage=50')
    expect(result.status).toBe(200)
    const raw = rawPageSchema.parse(result.body)
    expect(Object.keys(raw).sort()).toEqual(Object.keys(homeListPageSchema.shape).sort())
    expect(raw.homes).toHaveLength(17)
    const documented = Object.keys(homeSummarySchema.shape).sort()
    for (const home of raw.homes) {
      expect(Object.keys(home).sort()).toEqual(documented)
      z.strictObject(homeSummarySchema.shape).parse(home)
    }
    for (const secret of [AGENT_PHONE, AGENT_MOBILE, AGENT_EMAIL, '555-01']) expect(result.text, `leaks ${secret}`).not.toContain(secret)
    expect(result.text).not.toMatch(/phone|e-?mail|@/i)
    // Same for the detail.
    const one = await get('/home/IRV-01')
    expect(Object.keys(rawObjectSchema.parse(one.body)).sort()).toEqual(Object.keys(homeDetailSchema.shape).sort())
    for (const secret of [AGENT_PHONE, AGENT_MOBILE, AGENT_EMAIL]) expect(one.text).not.toContain(secret)
    expect(one.text).not.toMatch(/phone|e-?mail|@/i)
  })

  it('url is null without realtor, /en/{realtor}/homes/{key} with realtor&lang=en, /{realtor}/homes/{key} in Korean', async () => {
    expect((await list('?lang=en')).homes.map((home) => home.url)).toEqual(Array(10).fill(null))
    const english = await list('?realtor=jane-kim&lang=en')
    expect(idsOf(english)).toEqual(keys(1, 10))
    expect(english.homes.map((home) => home.url)).toEqual(keys(1, 10).map((key) => `/en/jane-kim/homes/${key}`))
    const korean = await list('?realtor=jane-kim')
    expect(korean.homes[0]?.url).toBe('/jane-kim/homes/IRV-01')
    expect((await detail('IRV-02', '?realtor=jane-kim&lang=en')).url).toBe('/en/jane-kim/homes/IRV-02')
    expect((await detail('IRV-02')).url).toBeNull()
  })

  it('a listed home carries its exact public fields', async () => {
    const home = (await list('?homesPerPage=1')).homes[0]
    expect(home).toEqual({
      homeId: 'IRV-01',
      fullAddress: '101 IRV-01 Way, Irvine, CA 92620',
      city: 'Irvine',
      state: 'CA',
      postalCode: '92620',
      price: 1_250_000,
      beds: 3,
      baths: 2,
      size: 1_900,
      lotSizeSqft: 4_300,
      yearBuilt: 1993,
      type: 'sale',
      propertyType: 'SingleFamilyResidence',
      homeStatus: 'Active',
      images: ['https://photos.example.com/IRV-01/1.jpg', 'https://photos.example.com/IRV-01/2.jpg'],
      imageVariants: [],
      listOfficeName: 'Example Realty',
      listAgentFullName: 'Jamie Example',
      onMarketDate: '2026-10-30',
      isDemo: false,
      sourceId: SOURCE,
      url: null,
      // Issue 29: where it is, for the map (null when the MLS hides the address).
      latitude: 33.68,
      longitude: -117.82,
      // Issue 26: every item carries its upcoming open houses; none here.
      openHouses: [],
    })
    const rent = (await list('?type=rent&sort=price_desc')).homes[0]
    expect(rent).toMatchObject({ homeId: 'RENT-2', type: 'rent', price: 5_200, beds: 4, baths: 3 })
  })

  // MLS display rules ------------------------------------------------------------------------

  it('InternetEntireListingDisplayYN=false: never listed under any order or filter, and 404 by key', async () => {
    for (const query of ['', '?sort=price_asc', '?maxPrice=700000', '?totalHomesPerGroup=500&homesPerPage=50']) {
      expect(idsOf(await list(query)), query).not.toContain('NO-INTERNET')
    }
    expect(idsOf(await list('?maxPrice=700000'))).toEqual([])
    const result = await get('/home/NO-INTERNET')
    expectError(result, 404, 'NOT_FOUND', 'This home is no longer listed')
    // It is stored (the import kept it), only never shown.
    const row = await s.db
      .selectFrom('home')
      .select(['isListed', 'internetEntireListingDisplayYn'])
      .where('listingKey', '=', 'NO-INTERNET')
      .executeTakeFirstOrThrow()
    expect({ isListed: Number(row.isListed), flag: Number(row.internetEntireListingDisplayYn) }).toEqual({ isListed: 0, flag: 0 })
  })

  it('InternetAddressDisplayYN=false: only "City, ST"; no street, postal code or position in list or detail', async () => {
    const hiddenStreet = streetOf({ key: 'TUS-HIDDEN', price: 0, date: '', beds: 0, baths: 0 })
    const listResult = await get('/home/list?city=Tustin')
    const page = homeListPageSchema.parse(listResult.body)
    const listed = page.homes.find((home) => home.homeId === 'TUS-HIDDEN')
    expect(listed).toMatchObject({ fullAddress: 'Tustin, CA', city: 'Tustin', state: 'CA', postalCode: null, latitude: null, longitude: null })
    expect(page.homes.find((home) => home.homeId === 'TUS-1')).toMatchObject({
      fullAddress: `${streetOf({ key: 'TUS-1', price: 0, date: '', beds: 0, baths: 0 })}, Tustin, CA 92780`,
      postalCode: '92780',
    })

    const result = await get('/home/TUS-HIDDEN')
    expect(result.status).toBe(200)
    const hidden = homeDetailSchema.parse(result.body)
    expect(hidden).toMatchObject({
      homeId: 'TUS-HIDDEN',
      fullAddress: 'Tustin, CA',
      postalCode: null,
      streetAddress: null,
      latitude: null,
      longitude: null,
      addressHidden: true,
    })
    expect(listResult.text).not.toContain(hiddenStreet)
    expect(result.text).not.toContain(hiddenStreet)
    expect(result.text).not.toContain('92780')
    expect(result.text).not.toContain('33.68')

    const shown = await detail('TUS-1')
    expect(shown).toMatchObject({ addressHidden: false, streetAddress: '101 TUS-1 Way', postalCode: '92780', latitude: 33.68, longitude: -117.82 })
  })

  // Detail -----------------------------------------------------------------------------------

  it('/home/{listingKey}: 200 with the detail fields', async () => {
    expect(await detail('IRV-04')).toEqual({
      homeId: 'IRV-04',
      fullAddress: '104 IRV-04 Way, Irvine, CA 92620',
      city: 'Irvine',
      state: 'CA',
      postalCode: '92620',
      price: 2_400_000,
      beds: 5,
      baths: 4,
      size: 2_500,
      lotSizeSqft: 4_500,
      yearBuilt: 1995,
      type: 'sale',
      propertyType: 'SingleFamilyResidence',
      homeStatus: 'Active',
      images: ['https://photos.example.com/IRV-04/1.jpg', 'https://photos.example.com/IRV-04/2.jpg'],
      imageVariants: [],
      listOfficeName: 'Example Realty',
      listAgentFullName: 'Jamie Example',
      onMarketDate: '2026-10-27',
      isDemo: false,
      sourceId: SOURCE,
      url: null,
      openHouses: [],
      streetAddress: '104 IRV-04 Way',
      publicRemarks: 'Fixture home IRV-04.',
      // The fixture's source keeps the default profile: its remarks are never machine-translated.
      remarksTranslation: null,
      latitude: 33.68,
      longitude: -117.82,
      addressHidden: false,
      modificationTimestamp: '2026-10-27T10:00:00.000Z',
      associationFeeMonthly: null,
      listingSource: FIXTURE_SOURCE,
    })
    // A rental and a closed sale are found by key too.
    expect(await detail('RENT-1')).toMatchObject({ type: 'rent', price: 4_500 })
    expect(await detail('CLOSED-1')).toMatchObject({ homeStatus: 'Closed' })
  })

  it('unknown key → 404 JSON; wrong method → 405 with Allow', async () => {
    expectError(await get('/home/NOPE-404'), 404, 'NOT_FOUND', 'This home is no longer listed')
    expectError(await get(`/home/${'X'.repeat(200)}`), 404, 'NOT_FOUND', 'This home is no longer listed')
    expectError(await get('/home/%E0%A4%A'), 404, 'NOT_FOUND')

    for (const [method, path] of [
      ['POST', '/home/list'],
      ['DELETE', '/home/list'],
      ['PATCH', '/home/IRV-01'],
      ['DELETE', '/home/IRV-01'],
      ['PUT', '/home/IRV-01'],
    ] as const) {
      const result = await api(s, method, path, { lang: EN })
      expectError(result, 405, 'METHOD_NOT_ALLOWED', 'This method is not allowed here')
      expect(result.headers.get('allow')).toBe('GET, HEAD')
    }
    // The listing is untouched.
    expect((await detail('IRV-01')).price).toBe(1_250_000)
  })

  // Bad input --------------------------------------------------------------------------------

  it.each<[string, string, string]>([
    ['type=buy', 'type', 'Choose sale or rent'],
    ['propertyType=castle', 'propertyType', 'Choose a property type from the list'],
    ['propertyStatus=gone', 'propertyStatus', 'Choose a listing status from the list'],
    ['currentPage=0', 'currentPage', 'Enter a page number of 1 or more'],
    ['currentPage=1.5', 'currentPage', 'Enter a whole number'],
    ['homesPerPage=51', 'homesPerPage', 'Choose from 1 to 50 homes per page'],
    ['totalHomesPerGroup=0', 'totalHomesPerGroup', 'Choose a group of 1 to 500 homes'],
    ['totalHomesPerGroup=501', 'totalHomesPerGroup', 'Choose a group of 1 to 500 homes'],
    ['minPrice=abc', 'minPrice', 'Enter a number'],
    ['maxPrice=-5', 'maxPrice', 'Enter a price from 0 to 1,000,000,000'],
    ['minBeds=-1', 'minBeds', 'Choose from 0 to 20 bedrooms'],
    ['minBaths=21', 'minBaths', 'Choose from 0 to 20 bathrooms'],
    ['sort=cheap', 'sort', 'Choose newest, price or size order'],
    ['propertyType=villa', 'propertyType', 'Choose a property type from the list'],
    ['maxSize=100001', 'maxSize', 'Enter a living area from 0 to 100,000 sq ft'],
    ['minSize=1.5', 'minSize', 'Enter a whole number'],
    ['minSize=2000&maxSize=1000', 'maxSize', 'The largest size must not be below the smallest'],
    ['postalCode=9262', 'postalCode', 'Enter a 5-digit ZIP code'],
    ['postalCode=92620%25', 'postalCode', 'Enter a 5-digit ZIP code'],
    [`q=${'a'.repeat(101)}`, 'q', 'Enter at most 100 characters to search for'],
    ['state=TX', 'state', 'Choose California or Georgia'],
    ['city=%20%20', 'city', 'Enter a city'],
    ['minPrice=500000&maxPrice=400000', 'maxPrice', 'The highest price must not be below the lowest'],
  ])('?%s → 400 with fieldErrors.%s in English', async (query, field, message) => {
    const result = await get(`/home/list?${query}`)
    expectError(result, 400, 'VALIDATION_FAILED', VALIDATION_EN)
    expect(errorOf(result).fieldErrors).toEqual({ [field]: [message] })
    expect(result.headers.get('content-language')).toBe('en')
  })

  it('an empty query value counts as not given (a GET form sends `minPrice=` for "any")', async () => {
    const empty = await list('?minPrice=&maxPrice=&minBeds=&city=&currentPage=')
    expect(idsOf(empty)).toEqual(idsOf(await list('')))
  })

  it('messages are Korean by default and with accept-language: ko (from the shipped catalog)', async () => {
    const byDefault = await api(s, 'GET', '/home/list?type=buy')
    expectError(byDefault, 400, 'VALIDATION_FAILED', koText(VALIDATION_EN))
    expect(errorOf(byDefault).fieldErrors).toEqual({ type: [koText('Choose sale or rent')] })
    expect(byDefault.headers.get('content-language')).toBe('ko')

    const korean = await get('/home/list?minPrice=500000&maxPrice=400000', 'ko-KR,ko;q=0.9')
    expect(errorOf(korean).fieldErrors).toEqual({ maxPrice: [koText('The highest price must not be below the lowest')] })
    const sizes = await get('/home/list?minSize=2000&maxSize=1000&postalCode=abc', 'ko-KR,ko;q=0.9')
    expect(errorOf(sizes).fieldErrors).toEqual({
      maxSize: [koText('The largest size must not be below the smallest')],
      postalCode: [koText('Enter a 5-digit ZIP code')],
    })

    const missing = await api(s, 'GET', '/home/NOPE-404')
    expectError(missing, 404, 'NOT_FOUND', koText('This home is no longer listed'))
  })

  it('several bad values at once name every field', async () => {
    const result = await get('/home/list?type=buy&homesPerPage=51&sort=cheap')
    expectError(result, 400, 'VALIDATION_FAILED', VALIDATION_EN)
    expect(Object.keys(errorOf(result).fieldErrors ?? {}).sort()).toEqual(['homesPerPage', 'sort', 'type'])
  })

  it.each([
    'minPrice=1e309',
    'currentPage=99999999999999999999',
    'homesPerPage=NaN',
    'minPrice=0x10',
    'city=%00',
    `city=${'a'.repeat(81)}`,
    'realtor=',
    `realtor=${'r'.repeat(65)}`,
    'lang=fr',
    'currentPage=10000&homesPerPage=50&totalHomesPerGroup=500',
    'city=%27%3B%20drop%20table%20home%3B--',
    'city=Irvine%25',
  ])('?%s never gives a 500', async (query) => {
    const result = await get(`/home/list?${query}`)
    expect(result.status, result.text).toBeLessThan(500)
    expect(result.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('a LIKE wildcard in city matches nothing (no reliance on LIKE)', async () => {
    expect(idsOf(await list('?city=Irv%25'))).toEqual([])
    expect(idsOf(await list('?city=Irvin_'))).toEqual([])
  })

  // OpenAPI ----------------------------------------------------------------------------------

  it('the OpenAPI document lists GET /home/list (with the spec query) and GET /home/{listingKey}', async () => {
    const result = await get('/openapi.json')
    expect(result.status).toBe(200)
    const doc = z
      .object({
        paths: z.record(
          z.string(),
          z.record(
            z.string(),
            z.object({ parameters: z.array(z.object({ name: z.string(), in: z.string() })).optional(), responses: z.record(z.string(), z.unknown()) }),
          ),
        ),
      })
      .parse(result.body)
    const listGet = doc.paths['/home/list']?.get
    expect(listGet, 'paths./home/list.get').toBeDefined()
    const queryNames = (listGet?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
    expect(queryNames).toEqual(
      expect.arrayContaining([
        'type',
        'propertyType',
        'propertyStatus',
        'currentPage',
        'homesPerPage',
        'totalHomesPerGroup',
        'state',
        'city',
        'minSize',
        'maxSize',
        'postalCode',
        'q',
        'sort',
      ]),
    )
    expect(Object.keys(listGet?.responses ?? {}).sort()).toEqual(['200', '400'])
    const detailGet = doc.paths['/home/{listingKey}']?.get
    expect(detailGet, 'paths./home/{listingKey}.get').toBeDefined()
    expect((detailGet?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['listingKey'])
    expect(Object.keys(detailGet?.responses ?? {}).sort()).toEqual(['200', '404'])
  })

  // Found in review and fixed: a full civic UnparsedAddress, untranslated errors, a bad escape.

  it('a feed UnparsedAddress that already holds "City, ST ZIP" is not repeated in fullAddress/streetAddress', async () => {
    const page = await list('?propertyType=multi_family')
    expect(idsOf(page)).toEqual(['MF-1'])
    expect(page.homes[0]?.fullAddress).toBe('12 Sample Lantern, Irvine, CA 92620')
    expect(await detail('MF-1')).toMatchObject({ fullAddress: '12 Sample Lantern, Irvine, CA 92620', streetAddress: '12 Sample Lantern' })
  })

  it('bad `lang` and `realtor` values get translated field errors, not zod’s English text', async () => {
    for (const [query, field] of [
      ['lang=fr', 'lang'],
      [`realtor=${'x'.repeat(65)}`, 'realtor'],
    ] as const) {
      const korean = await api(s, 'GET', `/home/list?${query}`)
      expectError(korean, 400, 'VALIDATION_FAILED', koText(VALIDATION_EN))
      const messages = errorOf(korean).fieldErrors?.[field] ?? []
      expect(messages).toHaveLength(1)
      expect(messages[0], `${field}: ${messages.join()}`).toMatch(/[가-힣]/)
    }
  })

  it('a malformed %-escape in a listing key answers the home 404 message, not the realtor one', async () => {
    expectError(await get('/home/%E0%A4%A'), 404, 'NOT_FOUND', 'This home is no longer listed')
  })

  // Writes (last: they change what the tests above see) ----------------------------------------

  it('an upsert shows at the next request and moves the listings revision the page store keys by (decision 009)', async () => {
    expect(idsOf(await list('?propertyType=townhouse'))).toEqual([])
    const before = await readRevisions(s.db)
    await upsertHomes(s.db, records([{ key: 'TOWN-1', date: '2026-10-30', price: 990_000, beds: 3, baths: 3, subType: 'Townhouse' }]), {
      source: SOURCE,
      isDemo: false,
      now: FIXED_NOW,
    })
    const after = await readRevisions(s.db)
    expect(after.listings).toBeGreaterThan(before.listings)
    expect(after.site).toBeGreaterThan(before.site)
    expect(after.realtors).toBe(before.realtors)
    expect(idsOf(await list('?propertyType=townhouse'))).toEqual(['TOWN-1'])
    expect(idsOf(await list('?propertyType=townhouse&city=irvine&currentPage=1'))).toEqual(['TOWN-1'])
    expect((await detail('TOWN-1')).propertyType).toBe('Townhouse')
  })

  it('retired (retireHomesNotIn) listings leave the list and 404 by key, but stay stored; a return lists them again', async () => {
    const retiree: Fixture = { key: 'RET-1', date: '2026-11-01', price: 5_500_000, beds: 6, baths: 6 }
    await upsertHomes(s.db, records([retiree]), { source: RETIRE_SOURCE, isDemo: false, now: FIXED_NOW })
    expect(idsOf(await list('?minPrice=5000000'))).toEqual(['RET-1'])
    expect((await detail('RET-1')).price).toBe(5_500_000)

    const retiredAt = new Date(FIXED_NOW.getTime() + 60_000)
    expect(await retireHomesNotIn(s.db, RETIRE_SOURCE, new Set(), retiredAt)).toBe(1)
    expect(idsOf(await list('?minPrice=5000000'))).toEqual([])
    expect(idsOf(await list(''))).toEqual(keys(1, 10))
    expectError(await get('/home/RET-1'), 404, 'NOT_FOUND', 'This home is no longer listed')
    const row = await s.db.selectFrom('home').select(['isListed', 'retiredAt']).where('listingKey', '=', 'RET-1').executeTakeFirstOrThrow()
    expect({ isListed: Number(row.isListed), retiredAt: row.retiredAt }).toEqual({ isListed: 0, retiredAt: retiredAt.toISOString() })
    // The other source is untouched.
    expect((await detail('IRV-01')).homeId).toBe('IRV-01')

    await upsertHomes(s.db, records([retiree]), { source: RETIRE_SOURCE, isDemo: false, now: FIXED_NOW })
    expect(idsOf(await list('?minPrice=5000000'))).toEqual(['RET-1'])
  })
  // A market report's counts as searches (decision 065) ------------------------------------

  /**
   * Anaheim's homes, stored last (every one on the fixture's map spot would join the map tests above):
   * each on one side of a limit of `listedWithinDays=30` or `priceReduced=true`, as of FIXED_NOW
   * (2026-11-02 12:00 UTC: 30 days back is 2026-10-03, and 2026-10-03T12:00 for a change).
   */
  const MARKET: Array<Fixture> = [
    { key: 'ANA-TODAY', date: '2026-11-02', price: 900_000, beds: 3, baths: 2, city: 'Anaheim' },
    { key: 'ANA-30-DAYS', date: '2026-10-03', price: 910_000, beds: 3, baths: 2, city: 'Anaheim', status: 'Closed' },
    { key: 'ANA-NEW-PENDING', date: '2026-10-20', price: 920_000, beds: 3, baths: 2, city: 'Anaheim', status: 'Pending', subType: 'Condominium' },
    { key: 'ANA-31-DAYS', date: '2026-10-02', price: 930_000, beds: 3, baths: 2, city: 'Anaheim' },
    { key: 'ANA-TOMORROW', date: '2026-11-03', price: 940_000, beds: 3, baths: 2, city: 'Anaheim' },
    { key: 'ANA-LEASE', date: '2026-10-30', price: 4_000, beds: 3, baths: 2, city: 'Anaheim', lease: true, original: 4_500 },
    { key: 'ANA-CUT', date: '2026-08-01', price: 1_000_000, beds: 3, baths: 2, city: 'Anaheim', original: 1_100_000, modified: '2026-10-20T10:00:00Z' },
    {
      key: 'ANA-CUT-UNDER-CONTRACT',
      date: '2026-08-02',
      price: 1_010_000,
      beds: 3,
      baths: 2,
      city: 'Anaheim',
      status: 'ActiveUnderContract',
      original: 1_050_000,
      modified: '2026-10-03T12:00:00Z',
    },
    {
      key: 'ANA-CUT-PENDING',
      date: '2026-08-03',
      price: 1_020_000,
      beds: 3,
      baths: 2,
      city: 'Anaheim',
      status: 'Pending',
      original: 1_060_000,
      modified: '2026-11-01T09:00:00Z',
    },
    {
      key: 'ANA-CUT-LONG-AGO',
      date: '2026-08-04',
      price: 1_030_000,
      beds: 3,
      baths: 2,
      city: 'Anaheim',
      original: 1_070_000,
      modified: '2026-10-03T11:59:59Z',
    },
    {
      key: 'ANA-CUT-SOLD',
      date: '2026-08-05',
      price: 1_040_000,
      beds: 3,
      baths: 2,
      city: 'Anaheim',
      status: 'Closed',
      original: 1_080_000,
      modified: '2026-10-25T10:00:00Z',
    },
    { key: 'ANA-RAISED', date: '2026-08-06', price: 1_050_000, beds: 3, baths: 2, city: 'Anaheim', original: 1_000_000, modified: '2026-10-25T10:00:00Z' },
    {
      key: 'ANA-CUT-COMING',
      date: '2026-08-07',
      price: 1_060_000,
      beds: 3,
      baths: 2,
      city: 'Anaheim',
      status: 'ComingSoon',
      original: 1_090_000,
      modified: '2026-10-25T10:00:00Z',
    },
  ]
  const NEW_IN_30_DAYS = ['ANA-TODAY', 'ANA-NEW-PENDING', 'ANA-30-DAYS']
  const REDUCED = ['ANA-CUT-PENDING', 'ANA-CUT-UNDER-CONTRACT', 'ANA-CUT']
  const ANAHEIM = '?city=Anaheim&propertyType=any&totalHomesPerGroup=50&homesPerPage=50'

  it.each<[string, Array<string>]>([
    ['&propertyStatus=any&listedWithinDays=30', NEW_IN_30_DAYS],
    ['&listedWithinDays=30', ['ANA-TODAY']],
    ['&propertyStatus=any&listedWithinDays=1', ['ANA-TODAY']],
    ['&propertyStatus=pending,active&listedWithinDays=30', ['ANA-TODAY', 'ANA-NEW-PENDING']],
    ['&propertyStatus=active,pending,under_contract&priceReduced=true', REDUCED],
    ['&priceReduced=true', ['ANA-CUT']],
    ['&propertyStatus=under_contract', ['ANA-CUT-UNDER-CONTRACT']],
    ['&propertyStatus=any&priceReduced=true', ['ANA-CUT-COMING', 'ANA-CUT-SOLD', 'ANA-CUT-PENDING', 'ANA-CUT-UNDER-CONTRACT', 'ANA-CUT']],
    ['&propertyStatus=any&priceReduced=false&listedWithinDays=30', NEW_IN_30_DAYS],
    ['&type=rent&priceReduced=true', ['ANA-LEASE']],
  ])('Anaheim%s → exactly %j', async (query, expected) => {
    await upsertHomes(s.db, records(MARKET), { source: SOURCE, isDemo: false, now: FIXED_NOW })
    const page = await list(`${ANAHEIM}${query}`)
    expect(idsOf(page)).toEqual(expected)
    expect(page.totalHomes).toBe(expected.length)
  })

  it('the searches a market report links count what the report counts, as of the same moment', async () => {
    await upsertHomes(s.db, records(MARKET), { source: SOURCE, isDemo: false, now: FIXED_NOW })
    const [figures] = await computeMarketFigures(s.db, s.config.displayProfiles, FIXED_NOW, { stateOrProvince: 'CA', cityKey: 'anaheim' })
    expect(figures).toMatchObject({ newListings: NEW_IN_30_DAYS.length, priceReductions: REDUCED.length })
    expect((await list(`${ANAHEIM}&propertyStatus=any&listedWithinDays=30`)).totalHomes).toBe(figures?.newListings)
    expect((await list(`${ANAHEIM}&propertyStatus=active,pending,under_contract&priceReduced=true`)).totalHomes).toBe(figures?.priceReductions)
    // The map's points take the same filters.
    const points = await get('/home/points?bbox=-118,33.5,-117.5,34&propertyType=any&propertyStatus=active,pending,under_contract&priceReduced=true')
    expect(
      homePointsSchema
        .parse(points.body)
        .points.map((point) => point.homeId)
        .filter((id) => id.startsWith('ANA-')),
    ).toEqual(REDUCED)
  })

  it.each<[string, string, string]>([
    ['listedWithinDays=0', 'listedWithinDays', 'Choose from 1 to 365 days'],
    ['listedWithinDays=366', 'listedWithinDays', 'Choose from 1 to 365 days'],
    ['listedWithinDays=soon', 'listedWithinDays', 'Enter a number'],
    ['priceReduced=yes', 'priceReduced', 'Choose true or false'],
    ['propertyStatus=active,gone', 'propertyStatus', 'Choose a listing status from the list'],
    ['propertyStatus=active,', 'propertyStatus', 'Choose a listing status from the list'],
  ])('?%s → 400 with fieldErrors.%s, in English and Korean', async (query, field, message) => {
    for (const path of [`/home/list?${query}`, `/home/points?bbox=-118,33.5,-117.5,34&${query}`]) {
      const result = await get(path)
      expectError(result, 400, 'VALIDATION_FAILED', VALIDATION_EN)
      expect(errorOf(result).fieldErrors).toEqual({ [field]: [message] })
      const korean = await get(path, 'ko')
      expect(errorOf(korean).fieldErrors).toEqual({ [field]: [koText(message)] })
    }
  })
})
