import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { formatBbox, snapBboxOutward, type Bbox } from '../../src/lib/bbox'
import { homeListPageSchema, homeListQuerySchema, homePointsSchema, MAX_MAP_POINTS } from '../../src/schemas/home'
import { parseInput } from '../../src/server/app-error'
import { listHomesFor } from '../../src/server/listings/homes'
import { upsertHomes } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { storeTargetFor } from '../../src/server/pages/public-routes'
import type { AppServices } from '../../src/server/services'
import { shippedCatalog } from '../catalog'
import { api, createTestApp, describeOnEachDatabase, ORIGIN, V1, type TestApp } from './harness'
import { seededRandom } from '../../src/lib/seeded-random'

/*
 * Map search (issue 29 items 2, 3 and 7): `bbox` on `home/list` and `home/points` answer exactly
 * what a brute-force filter over the same homes finds in the snapped box, on SQLite and
 * PostgreSQL; a home whose address the MLS hides is never found by any box.
 */

const SOURCE = 'map-test'
const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0))

type MapHome = {
  key: string
  latitude: number
  longitude: number
  price: number
  date: string
  status: string
  lease: boolean
  subType: string
  addressShown: boolean
  listed: boolean
}

const random = seededRandom(2029)
const HOMES: Array<MapHome> = Array.from({ length: 400 }, (_, index) => {
  const roll = random()
  return {
    key: `MAP-${String(index).padStart(4, '0')}`,
    latitude: Number((33.5 + random() * 0.4).toFixed(6)),
    longitude: Number((-118.0 + random() * 0.4).toFixed(6)),
    price: 500_000 + Math.round(random() * 2_000_000),
    // One listing per day: the newest-first order has no ties to break.
    date: new Date(Date.UTC(2025, 9, 1) + index * 86_400_000).toISOString().slice(0, 10),
    status: roll < 0.8 ? 'Active' : 'Pending',
    lease: random() < 0.1,
    subType: random() < 0.75 ? 'SingleFamilyResidence' : 'Condominium',
    addressShown: random() > 0.1,
    listed: random() > 0.05,
  }
})

function resoProperty(home: MapHome): Record<string, unknown> {
  return {
    ListingKey: home.key,
    ListPrice: home.price,
    StandardStatus: home.status,
    PropertyType: home.lease ? 'ResidentialLease' : 'Residential',
    PropertySubType: home.subType,
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    City: 'Irvine',
    StateOrProvince: 'CA',
    PostalCode: '92620',
    UnparsedAddress: `${home.key} Map Way`,
    Latitude: home.latitude,
    Longitude: home.longitude,
    OnMarketDate: home.date,
    ModificationTimestamp: `${home.date}T10:00:00Z`,
    InternetEntireListingDisplayYN: home.listed,
    InternetAddressDisplayYN: home.addressShown,
  }
}

/** What a box must answer, found the slow way: every home, every condition, newest first. */
function bruteForce(box: Bbox, filter: { lease: boolean; subType: string; status: string; minPrice?: number }): Array<MapHome> {
  const snapped = snapBboxOutward(box)
  return HOMES.filter(
    (home) =>
      home.listed &&
      home.addressShown &&
      home.lease === filter.lease &&
      home.subType === filter.subType &&
      home.status === filter.status &&
      (filter.minPrice === undefined || home.price >= filter.minPrice) &&
      home.latitude >= snapped.south &&
      home.latitude <= snapped.north &&
      home.longitude >= snapped.west &&
      home.longitude <= snapped.east,
  ).sort((a, b) => b.date.localeCompare(a.date))
}

const errorSchema = z.object({ code: z.string(), message: z.string(), fieldErrors: z.record(z.string(), z.array(z.string())).optional() })

describeOnEachDatabase('map search: bbox on home/list and home/points', (database) => {
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    app.clock.set(NOW)
    const parsed = parseResoProperties(HOMES.map(resoProperty))
    expect(parsed.rejected).toEqual([])
    await upsertHomes(s.db, parsed.records, { source: SOURCE, isDemo: false, now: NOW })
  })

  afterAll(async () => {
    await app.close()
  })

  it('answers random boxes exactly as a brute-force filter over the snapped box does', async () => {
    const boxes = seededRandom(7)
    for (let round = 0; round < 25; round += 1) {
      const width = 0.01 + boxes() * 0.3
      const height = 0.01 + boxes() * 0.3
      const west = -118.05 + boxes() * (0.5 - width)
      const south = 33.45 + boxes() * (0.5 - height)
      const box = { west, south, east: west + width, north: south + height }
      const filter = {
        lease: false,
        subType: round % 3 === 0 ? 'Condominium' : 'SingleFamilyResidence',
        status: round % 4 === 0 ? 'Pending' : 'Active',
        minPrice: round % 5 === 0 ? 1_200_000 : undefined,
      }
      const query =
        `bbox=${[box.west, box.south, box.east, box.north].map((n) => n.toFixed(5)).join(',')}` +
        `&propertyType=${filter.subType === 'Condominium' ? 'condo' : 'single_family'}&propertyStatus=${filter.status === 'Pending' ? 'pending' : 'active'}` +
        (filter.minPrice === undefined ? '' : `&minPrice=${filter.minPrice}`)
      // The box as sent, rounded to five places, is what the server snaps.
      const sent = {
        west: Number(box.west.toFixed(5)),
        south: Number(box.south.toFixed(5)),
        east: Number(box.east.toFixed(5)),
        north: Number(box.north.toFixed(5)),
      }
      const expected = bruteForce(sent, filter)

      const points = await api(s, 'GET', `/home/points?${query}`)
      expect(points.status, points.text).toBe(200)
      const pointsBody = homePointsSchema.parse(points.body)
      expect(pointsBody.bbox).toEqual(snapBboxOutward(sent))
      expect(pointsBody.truncated).toBe(false)
      expect(pointsBody.points.map((point) => point.homeId)).toEqual(expected.map((home) => home.key))
      for (const point of pointsBody.points) {
        const home = HOMES.find((candidate) => candidate.key === point.homeId)
        expect(point).toEqual({ homeId: home?.key, latitude: home?.latitude, longitude: home?.longitude, price: home?.price, homeStatus: home?.status })
      }

      const list = await api(s, 'GET', `/home/list?${query}&homesPerPage=50&totalHomesPerGroup=500`)
      expect(list.status, list.text).toBe(200)
      const page = homeListPageSchema.parse(list.body)
      expect(page.totalHomes).toBe(expected.length)
      expect(page.homes.map((home) => home.homeId)).toEqual(expected.slice(0, 50).map((home) => home.key))
      for (const home of page.homes) expect(home.latitude).not.toBeNull()
    }
  })

  it('never finds a home whose address is hidden, however small the box around it', async () => {
    const hidden = HOMES.filter((home) => home.listed && !home.addressShown)
    expect(hidden.length).toBeGreaterThan(5)
    for (const home of hidden) {
      const box = formatBbox({ west: home.longitude - 0.0005, south: home.latitude - 0.0005, east: home.longitude + 0.0005, north: home.latitude + 0.0005 })
      const type = home.lease ? 'rent' : 'sale'
      const kind = home.subType === 'Condominium' ? 'condo' : 'single_family'
      const status = home.status === 'Pending' ? 'pending' : 'active'
      const points = homePointsSchema.parse((await api(s, 'GET', `/home/points?bbox=${box}&type=${type}&propertyType=${kind}&propertyStatus=${status}`)).body)
      expect(points.points.map((point) => point.homeId)).not.toContain(home.key)
      const list = homeListPageSchema.parse((await api(s, 'GET', `/home/list?bbox=${box}&type=${type}&propertyType=${kind}&propertyStatus=${status}`)).body)
      expect(list.homes.map((item) => item.homeId)).not.toContain(home.key)
    }
    // In the city's list the hidden home is there, without a position.
    const cityList = homeListPageSchema.parse((await api(s, 'GET', '/home/list?homesPerPage=50&totalHomesPerGroup=500')).body)
    const hiddenInList = cityList.homes.filter((item) => hidden.some((home) => home.key === item.homeId))
    expect(hiddenInList.length).toBeGreaterThan(0)
    for (const item of hiddenInList) expect([item.latitude, item.longitude]).toEqual([null, null])
    const shownInList = cityList.homes.filter((item) => !hidden.some((home) => home.key === item.homeId))
    for (const item of shownInList) expect(item.latitude).toBe(HOMES.find((home) => home.key === item.homeId)?.latitude)
  })

  it('refuses a malformed box with a field error in the reader’s language', async () => {
    const ko = shippedCatalog('ko')
    const cases: Array<[string, string]> = [
      ['1,2,3', 'Give the map area as four numbers: west,south,east,north'],
      ['-200,0,10,10', 'Longitudes run from -180 to 180 and latitudes from -90 to 90'],
      ['0,10,10,5', "The map area's south edge must be below its north edge"],
      ['170,0,-170,10', "The map area's west edge must lie west of its east edge (areas across the 180th meridian are not supported)"],
    ]
    for (const [bbox, english] of cases) {
      for (const endpoint of ['home/list', 'home/points']) {
        const en = await api(s, 'GET', `/${endpoint}?bbox=${encodeURIComponent(bbox)}`, { lang: 'en' })
        expect(en.status, en.text).toBe(400)
        expect(errorSchema.parse(en.body).fieldErrors?.bbox).toEqual([english])
        const korean = await api(s, 'GET', `/${endpoint}?bbox=${encodeURIComponent(bbox)}`, { lang: 'ko' })
        expect(korean.status).toBe(400)
        expect(errorSchema.parse(korean.body).fieldErrors?.bbox).toEqual([ko.get(english)])
      }
    }
    const missing = await api(s, 'GET', '/home/points', { lang: 'en' })
    expect(missing.status).toBe(400)
    expect(errorSchema.parse(missing.body).fieldErrors?.bbox).toBeDefined()
  })

  it('caps the points at the limit and says so', async () => {
    // The whole fixture area: fewer homes than the cap, so not truncated; the cap itself is the schema's.
    const all = homePointsSchema.parse((await api(s, 'GET', '/home/points?bbox=-118.1,33.4,-117.5,34')).body)
    expect(all.truncated).toBe(false)
    expect(all.points.length).toBeLessThanOrEqual(MAX_MAP_POINTS)
    expect(all.points.length).toBe(
      bruteForce({ west: -118.1, south: 33.4, east: -117.5, north: 34 }, { lease: false, subType: 'SingleFamilyResidence', status: 'Active' }).length,
    )
  })

  it('keys the page store by the snapped box, so a small pan is one stored answer', () => {
    const keyOf = (bbox: string) => {
      const request = new Request(`${ORIGIN}${V1}/home/points?bbox=${bbox}&propertyType=condo`)
      return storeTargetFor(request, new URL(request.url), ORIGIN)?.key
    }
    const first = keyOf('-117.9,33.6,-117.7,33.75')
    expect(first).toBe(`${ORIGIN}${V1}/home/points?bbox=-117.90625%2C33.59375%2C-117.6875%2C33.75&propertyType=condo`)
    expect(keyOf('-117.8999,33.6001,-117.7001,33.7499')).toBe(first)
    // A box that does not parse is keyed as sent; its answer is an error, which the store never keeps.
    expect(keyOf('nonsense')).toBe(`${ORIGIN}${V1}/home/points?bbox=nonsense&propertyType=condo`)
  })

  it('keys a search page by the visitor’s own area and open map, so a shared map link reloads as it was', () => {
    const keyOf = (path: string) => {
      const request = new Request(`${ORIGIN}${path}`)
      return storeTargetFor(request, new URL(request.url), ORIGIN)?.key
    }
    expect(keyOf('/en/someone/homes?utm_source=x&view=map&bbox=-117.86,33.64,-117.78,33.72&minBeds=2')).toBe(
      `${ORIGIN}/en/someone/homes?minBeds=2&bbox=-117.86%2C33.64%2C-117.78%2C33.72&view=map`,
    )
    // A box that cannot be one is dropped from a page's URL, as every bad search param is.
    expect(keyOf('/someone/homes?bbox=170,10,-170,20&view=satellite')).toBe(`${ORIGIN}/someone/homes`)
  })

  it('gives the search page (its server function parses the query once) the list the API gives', async () => {
    const bbox = '-117.9,33.6,-117.7,33.75'
    const query = { bbox, homesPerPage: 50, totalHomesPerGroup: 500 }
    const page = await listHomesFor(s, parseInput(homeListQuerySchema, query))
    const answer = await api(s, 'GET', `/home/list?bbox=${bbox}&homesPerPage=50&totalHomesPerGroup=500`)
    expect(answer.status, answer.text).toBe(200)
    expect(page.homes.length).toBeGreaterThan(0)
    expect(page).toEqual(homeListPageSchema.parse(answer.body))
  })
})
