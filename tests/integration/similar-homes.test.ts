import { afterAll, beforeAll, expect, it } from 'vitest'
import { retireHomesNotIn, upsertHomes } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { similarHomes } from '../../src/server/listings/similar-homes'
import type { AppServices } from '../../src/server/services'
import { api, createTestApp, describeOnEachDatabase, signUp, uniqueEmail, validRealtor, type TestApp } from './harness'

/*
 * The homes offered where a listing is gone (issue 51 item 2, decision 061), on SQLite and
 * PostgreSQL: active, same city and kind, price within ±25 % of the gone one's, nearest first;
 * filled from the same city at any price and sub-type when fewer than three; a key never had
 * gives the realtor's first region's newest homes.
 */

const NOW = new Date(Date.UTC(2026, 10, 2, 12, 0, 0))
const ACTIVE_SOURCE = 'similar-test'
const RETIRED_SOURCE = 'similar-test-retired'

type Fixture = { key: string; price: number; date: string; subType?: string; status?: string; city?: string; lease?: boolean; entireDisplay?: boolean }

const ACTIVE: Array<Fixture> = [
  { key: 'SIM-A1', price: 1_050_000, date: '2026-10-20' },
  { key: 'SIM-A2', price: 960_000, date: '2026-10-21' },
  { key: 'SIM-A3', price: 1_240_000, date: '2026-10-22' },
  // Outside ±25 % of $1M.
  { key: 'SIM-A4', price: 1_300_000, date: '2026-10-23' },
  { key: 'SIM-A5', price: 700_000, date: '2026-10-24' },
  // Nearest in price, yet another kind, not active, another city or a lease.
  { key: 'SIM-CONDO', price: 1_010_000, date: '2026-10-19', subType: 'Condominium' },
  { key: 'SIM-PENDING', price: 1_000_000, date: '2026-10-25', status: 'Pending' },
  { key: 'SIM-TUSTIN', price: 1_000_000, date: '2026-10-26', city: 'Tustin' },
  { key: 'SIM-RENT', price: 4_000, date: '2026-10-27', lease: true },
  // Known but kept off the internet by its MLS: never offered, and as unknown as a key never had (404, not 410).
  { key: 'SIM-HIDDEN', price: 1_250_000, date: '2026-10-28', entireDisplay: false },
]

const RETIRED: Array<Fixture> = [
  { key: 'SIM-GONE', price: 1_000_000, date: '2026-10-01' },
  { key: 'SIM-GONE-CONDO', price: 1_000_000, date: '2026-10-02', subType: 'Condominium' },
]

function records(homes: ReadonlyArray<Fixture>) {
  const parsed = parseResoProperties(
    homes.map((home) => ({
      ListingKey: home.key,
      ListPrice: home.price,
      StandardStatus: home.status ?? 'Active',
      PropertyType: home.lease ? 'ResidentialLease' : 'Residential',
      PropertySubType: home.subType ?? 'SingleFamilyResidence',
      BedroomsTotal: 3,
      BathroomsTotalInteger: 2,
      LivingArea: 1_800,
      UnparsedAddress: `1 ${home.key} Way`,
      City: home.city ?? 'Irvine',
      StateOrProvince: 'CA',
      PostalCode: '92620',
      ListOfficeName: 'Example Realty',
      OnMarketDate: home.date,
      ModificationTimestamp: `${home.date}T10:00:00Z`,
      InternetEntireListingDisplayYN: home.entireDisplay ?? true,
    })),
  )
  expect(parsed.rejected).toEqual([])
  return parsed.records
}

describeOnEachDatabase('similar homes for a listing that is gone', (database) => {
  let app: TestApp
  let s: AppServices
  let desiredUrl: string

  const keysFor = async (listingKey: string) => {
    const answer = await similarHomes(s, { listingKey, desiredUrl, lang: 'en' })
    return { retired: answer.retired, keys: answer.homes.map((home) => home.homeId) }
  }

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    app.clock.set(NOW)
    await upsertHomes(s.db, records(ACTIVE), { source: ACTIVE_SOURCE, isDemo: false, now: NOW })
    await upsertHomes(s.db, records(RETIRED), { source: RETIRED_SOURCE, isDemo: false, now: NOW })
    expect(await retireHomesNotIn(s.db, RETIRED_SOURCE, new Set(), NOW)).toBe(RETIRED.length)
    const token = await signUp(s, uniqueEmail('similar'))
    const body = validRealtor({ activityRegion: [{ state: 'CA', city: 'Irvine' }] })
    const created = await api<{ desiredUrl: string }>(s, 'POST', '/realtor', { token, body, lang: 'en' })
    expect(created.status, created.text).toBe(201)
    desiredUrl = created.body.desiredUrl
  })

  afterAll(async () => {
    await app?.close()
  })

  it('a retired listing: active homes of its city and kind within ±25 % of its price, the nearest first (410)', async () => {
    expect(await keysFor('SIM-GONE')).toEqual({ retired: true, keys: ['SIM-A2', 'SIM-A1', 'SIM-A3'] })
  })

  it('fewer than three of its kind in the band: the rest from the same city at any price and kind, nearest first', async () => {
    expect(await keysFor('SIM-GONE-CONDO')).toEqual({ retired: true, keys: ['SIM-CONDO', 'SIM-A2', 'SIM-A1'] })
  })

  it('a listing its MLS keeps off the internet is offered nowhere and is not called retired (404)', async () => {
    expect(await keysFor('SIM-HIDDEN')).toEqual({ retired: false, keys: ['SIM-A3', 'SIM-A4', 'SIM-A1'] })
  })

  it("a key never had: the realtor's first region's newest homes for sale", async () => {
    expect(await keysFor('NEVER-HAD')).toEqual({ retired: false, keys: ['SIM-A5', 'SIM-A4', 'SIM-A3'] })
    expect(await keysFor('')).toEqual({ retired: false, keys: ['SIM-A5', 'SIM-A4', 'SIM-A3'] })
  })

  it("links each home on that realtor's site, in the page's language, with its source for the MLS credit", async () => {
    const answer = await similarHomes(s, { listingKey: 'SIM-GONE', desiredUrl, lang: 'ko' })
    expect(answer.homes.map((home) => home.url)).toEqual(['SIM-A2', 'SIM-A1', 'SIM-A3'].map((key) => `/${desiredUrl}/homes/${key}`))
    expect(answer.sources.map((source) => source.id)).toEqual([ACTIVE_SOURCE])
  })
})
