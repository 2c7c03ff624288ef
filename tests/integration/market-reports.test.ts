import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { MarketReport } from '../../src/schemas/market'
import { upsertHomes } from '../../src/server/listings/home-store'
import { importFromResoFile } from '../../src/server/listings/import-file'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { seedDemoHomes } from '../../src/server/listings/seed-homes'
import { computeMarketFigures } from '../../src/server/market/market-figures'
import { realtorMarketCities, realtorMarketReport } from '../../src/server/market/market-reports'
import { DEMO_HISTORY_MONTHS, writeMarketSnapshots } from '../../src/server/market/snapshots'
import { buildSitemap } from '../../src/server/seo/sitemap'
import { api, createTestApp, describeOnEachDatabase, expectError, ORIGIN, signUp, uniqueEmail, validRealtor, type ErrorBody, type TestApp } from './harness'
import { resoPropertyFixture } from '../reso-property-fixture'

/*
 * Market reports (issue 27 item 4) on SQLite and PostgreSQL: the figures of a small city worked
 * out by hand (so both engines give the same numbers), sold data only where the MLS allows it, a
 * snapshot per month written after each import with the past kept, the demo's year of history,
 * `GET /market` and the realtor's pages and sitemap.
 */

const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0))

function property(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return resoPropertyFixture(key, 'Market Way', overrides)
}

/** Irvine by hand, as of NOW (2026-11-20): see the expectations below. */
const IRVINE = [
  property('MK-A1', { ListPrice: 1_000_000, LivingArea: 2000, OnMarketDate: '2026-11-10' }),
  property('MK-A2', { ListPrice: 1_200_000, LivingArea: 2400, OriginalListPrice: 1_300_000, ModificationTimestamp: '2026-11-15T09:00:00Z' }),
  property('MK-A3', {
    ListPrice: 800_000,
    LivingArea: 1000,
    OnMarketDate: '2026-09-01',
    OriginalListPrice: 900_000,
    ModificationTimestamp: '2026-09-10T09:00:00Z',
  }),
  property('MK-A4', { ListPrice: 1_500_000, LivingArea: null, OnMarketDate: '2026-11-19', ModificationTimestamp: '2026-11-19T09:00:00Z' }),
  property('MK-P1', {
    ListPrice: 1_100_000,
    StandardStatus: 'Pending',
    OnMarketDate: '2026-10-25',
    OriginalListPrice: 1_150_000,
    ModificationTimestamp: '2026-11-01T09:00:00Z',
  }),
  property('MK-S1', { StandardStatus: 'Closed', ClosePrice: 1_000_000, CloseDate: '2026-10-01', OnMarketDate: '2026-08-01' }),
  property('MK-S2', { StandardStatus: 'Closed', ClosePrice: 900_000, CloseDate: '2026-06-01', OnMarketDate: '2026-04-01' }),
  // A lease never counts.
  property('MK-L1', { PropertyType: 'ResidentialLease', ListPrice: 4_000, OnMarketDate: '2026-11-18' }),
]
const TUSTIN = [property('MK-T1', { City: 'Tustin', PostalCode: '92780', ListPrice: 700_000, LivingArea: 1400, OnMarketDate: '2026-11-01' })]

function records(values: Array<Record<string, unknown>>) {
  const parsed = parseResoProperties(values)
  expect(parsed.rejected).toEqual([])
  return parsed.records
}

describeOnEachDatabase('market figures and snapshots', (database) => {
  let app: TestApp
  let desiredUrl = ''
  let folder = ''

  beforeAll(async () => {
    app = await createTestApp(database.name)
    app.clock.set(NOW)
    folder = await mkdtemp(path.join(tmpdir(), 'market-'))
    const token = await signUp(app.services, uniqueEmail('market-owner'))
    const created = await api<{ id: string; desiredUrl: string }>(app.services, 'POST', '/realtor', { token, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    desiredUrl = created.body.desiredUrl
  })

  afterAll(async () => {
    await app.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('computes a city’s figures by SQL aggregates: the numbers worked out by hand, on either engine', async () => {
    // The demo source's profile allows sold data.
    await upsertHomes(app.services.db, records([...IRVINE, ...TUSTIN]), { source: 'demo', isDemo: true, now: NOW })
    const figures = await computeMarketFigures(app.services.db, app.services.config.displayProfiles, NOW)
    const irvine = figures.find((city) => city.cityKey === 'irvine')
    expect(irvine).toEqual({
      stateOrProvince: 'CA',
      cityKey: 'irvine',
      city: 'Irvine',
      source: 'demo',
      isDemo: true,
      // A1–A4, P1, S1, S2: the lease is not for sale.
      listingCount: 7,
      activeCount: 4,
      // On the market since 2026-10-21: A1, A4, P1.
      newListings: 3,
      // Below the original price and changed in the last 30 days: A2, and P1 under contract (A3's cut is older).
      priceReductions: 2,
      // Closed in the last 90 days: S1 (S2 closed in June).
      soldCount: 1,
      // Active: 0.8, 1.0, 1.2, 1.5 million.
      medianListPrice: 1_100_000,
      // Active with an area: 500, 500, 800 dollars per sq ft.
      medianPricePerSquareFoot: 500,
      // Active: 1, 10, 50, 80 days.
      medianDaysOnMarket: 30,
      // 4 active over one sale a quarter, a third of a sale a month.
      monthsOfSupply: 12,
    })
    const tustin = await computeMarketFigures(app.services.db, app.services.config.displayProfiles, NOW, { stateOrProvince: 'CA', cityKey: 'tustin' })
    expect(tustin).toHaveLength(1)
    expect(tustin[0]).toMatchObject({
      city: 'Tustin',
      listingCount: 1,
      activeCount: 1,
      newListings: 1,
      medianListPrice: 700_000,
      medianPricePerSquareFoot: 500,
      medianDaysOnMarket: 19,
    })
    // No sale in Tustin, so no pace to divide by.
    expect(tustin[0]?.monthsOfSupply).toBeNull()
    await app.services.db.deleteFrom('home').execute()
  })

  it('writes the month’s snapshot after each import, rewrites it within the month, keeps past months; no sold figures where the MLS forbids them', async () => {
    const file = path.join(folder, 'feed.json')
    await writeFile(file, JSON.stringify({ value: IRVINE }))
    app.clock.set(new Date(Date.UTC(2026, 9, 20, 12)))
    await importFromResoFile(app.services, file)
    const october = await app.services.db.selectFrom('marketSnapshot').selectAll().where('cityKey', '=', 'irvine').execute()
    expect(october.map((row) => row.month)).toEqual(['2026-10'])
    // A file's source has no display profile allowing sold data.
    expect(october[0]).toMatchObject({ source: 'file:feed.json', isDemo: 0, soldCount: null, monthsOfSupply: null })

    app.clock.set(NOW)
    await importFromResoFile(app.services, file)
    await writeFile(file, JSON.stringify({ value: [...IRVINE, property('MK-A5', { ListPrice: 2_000_000, OnMarketDate: '2026-11-20' })] }))
    await importFromResoFile(app.services, file)
    const rows = await app.services.db.selectFrom('marketSnapshot').selectAll().where('cityKey', '=', 'irvine').orderBy('month').execute()
    expect(rows.map((row) => [row.month, Number(row.activeCount)])).toEqual([
      ['2026-10', Number(october[0]?.activeCount)],
      ['2026-11', 5],
    ])
    expect(rows[0]?.asOf).toBe(october[0]?.asOf)
  })

  it('GET /market answers the latest figures with the trend, 400 in the caller’s language, 404 for a city with none', async () => {
    const result = await api<MarketReport>(app.services, 'GET', '/market?state=ca&city=IRVINE')
    expect(result.status, result.text).toBe(200)
    expect(result.body).toMatchObject({ city: 'Irvine', state: 'CA', slug: 'irvine-ca', isDemo: false, current: { month: '2026-11', activeCount: 5 } })
    expect(result.body.source).toMatchObject({ id: 'file:feed.json', isDemo: false })
    expect(result.body.trend.map((month) => month.month)).toEqual(['2026-10', '2026-11'])

    const english = await api<ErrorBody>(app.services, 'GET', '/market?state=California', { lang: 'en' })
    expectError(english, 400, 'VALIDATION_FAILED')
    expect(english.body.fieldErrors).toEqual({ state: ['Enter the two-letter state, e.g. CA'], city: ['Enter the city'] })
    const korean = await api<ErrorBody>(app.services, 'GET', '/market?state=California', { lang: 'ko' })
    expect(korean.body.fieldErrors).toEqual({ state: ['주를 두 글자로 입력해 주세요 (예: CA)'], city: ['도시를 입력해 주세요'] })
    expectError(await api(app.services, 'GET', '/market?state=CA&city=Nowhere', { lang: 'en' }), 404, 'NOT_FOUND')
  })

  it('a realtor’s reports cover the cities of their region that have figures, and are in the sitemap in both languages', async () => {
    const cities = await realtorMarketCities(app.services, desiredUrl)
    // The region is Irvine; Tustin has no figures since its homes were removed, and is not theirs anyway.
    expect(cities?.map(({ medianListPrice: _price, ...city }) => city)).toEqual([{ city: 'Irvine', state: 'CA', slug: 'irvine-ca', activeCount: 5 }])
    // Active: 0.8, 1.0, 1.2, 1.5 and 2 million.
    expect(cities?.[0]?.medianListPrice).toBe(1_200_000)
    const report = await realtorMarketReport(app.services, { desiredUrl, city: 'irvine-ca' })
    expect(report?.report.current.activeCount).toBe(5)
    expect(await realtorMarketReport(app.services, { desiredUrl, city: 'tustin-ca' })).toBeUndefined()
    expect(await realtorMarketReport(app.services, { desiredUrl: 'no-such-realtor', city: 'irvine-ca' })).toBeUndefined()
    const sitemap = await buildSitemap(app.services, ORIGIN)
    expect(sitemap).toContain(`<loc>${ORIGIN}/${desiredUrl}/market/irvine-ca</loc>`)
    expect(sitemap).toContain(`<loc>${ORIGIN}/en/${desiredUrl}/market/irvine-ca</loc>`)
    expect(sitemap).toContain(`<loc>${ORIGIN}/${desiredUrl}/market</loc>`)
  })
})

describeOnEachDatabase('the demo’s market history', (database) => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp(database.name)
    app.clock.set(NOW)
  })

  afterAll(async () => {
    await app.close()
  })

  it('seeds a year of monthly figures per demo city, dated back from the seed day and marked as demonstration data', async () => {
    await seedDemoHomes(app.services, 300)
    const rows = await app.services.db.selectFrom('marketSnapshot').selectAll().where('cityKey', '=', 'irvine').orderBy('month').execute()
    expect(rows).toHaveLength(DEMO_HISTORY_MONTHS + 1)
    expect(rows[0]?.month).toBe('2025-12')
    expect(rows.at(-1)?.month).toBe('2026-11')
    expect(rows.every((row) => row.isDemo === 1 && Number(row.activeCount) > 0 && (row.medianListPrice ?? 0) > 0)).toBe(true)
    // Demo sales are recent on the seed day, so the current month has a sales pace.
    expect(rows.at(-1)?.soldCount ?? 0).toBeGreaterThan(0)
    expect(rows.at(-1)?.monthsOfSupply).not.toBeNull()
    // An import later in the month rewrites only its own month.
    app.clock.set(new Date(Date.UTC(2026, 10, 28)))
    await writeMarketSnapshots(app.services)
    const after = await app.services.db.selectFrom('marketSnapshot').selectAll().where('cityKey', '=', 'irvine').orderBy('month').execute()
    expect(after.slice(0, -1)).toEqual(rows.slice(0, -1))
    expect(after.at(-1)?.asOf).toBe('2026-11-28T00:00:00.000Z')
  })
})
