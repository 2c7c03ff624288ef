import { afterAll, beforeAll, expect, it } from 'vitest'
import { upsertHomes } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { loadCandidateIndex } from '../../src/server/valuations/comparables'
import { estimateHomeValue } from '../../src/server/valuations/estimate'
import { createTestApp, describeOnEachDatabase, marketSnapshotRow, type TestApp } from './harness'
import { resoPropertyFixture } from '../reso-property-fixture'

/*
 * The valuation's candidate index (issue 27 item 1, issue 53 item 1) on SQLite and PostgreSQL: the
 * state's homes of the type only; no leases, no homes barred from the internet, no retired ones; a
 * sale only where the source's display profile allows sold data (the demo source does, an
 * unconfigured MLS does not), and its price brought to today; an asking price discounted by the
 * city's sale-to-list ratio only where sold data is allowed; a withheld address stays withheld.
 */

const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0))

function property(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return resoPropertyFixture(key, 'Comparable Way', overrides)
}

const SOLD = { StandardStatus: 'Closed', ClosePrice: 950_000, CloseDate: '2026-09-15' }

describeOnEachDatabase('valuation comparables', (database) => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp(database.name)
    const demo = parseResoProperties([
      property('V-ACTIVE'),
      property('V-PENDING', { StandardStatus: 'Pending', ListPrice: 1_100_000 }),
      property('V-SOLD', SOLD),
      property('V-HIDDEN', { InternetAddressDisplayYN: false }),
      property('V-CITY', { PostalCode: '92620' }),
      property('V-LEASE', { PropertyType: 'ResidentialLease', ListPrice: 4_000 }),
      property('V-OFFLINE', { InternetEntireListingDisplayYN: false }),
      property('V-CONDO', { PropertySubType: 'Condominium' }),
      property('V-ELSEWHERE', { City: 'Tustin', PostalCode: '92780' }),
    ])
    expect(demo.rejected).toEqual([])
    await upsertHomes(app.services.db, demo.records, { source: 'demo', isDemo: true, now: NOW })
    // An MLS without a display profile: its sales are not shown, its active listings are.
    const mls = parseResoProperties([property('M-SOLD', SOLD), property('M-ACTIVE')])
    await upsertHomes(app.services.db, mls.records, { source: 'reso:mls.example', isDemo: false, now: NOW })
  })

  afterAll(async () => {
    await app.close()
  })

  it('finds same-type homes for sale in the state that may be shown, sales only where allowed, each priced as of today', async () => {
    const index = await loadCandidateIndex(app.services.db, app.services.config.displayProfiles, { propertyType: 'single_family', state: 'ca' }, NOW)
    const found = index.homes
    expect(found.map((home) => home.listingKey).sort()).toEqual(['M-ACTIVE', 'V-ACTIVE', 'V-CITY', 'V-ELSEWHERE', 'V-HIDDEN', 'V-PENDING', 'V-SOLD'])
    const sold = found.find((home) => home.listingKey === 'V-SOLD')
    // No market snapshots here: no trend, so today's price is the close price.
    expect(sold).toMatchObject({ priceKind: 'sale', price: 950_000, marketPrice: 950_000, monthsAgo: 2, date: '2026-09-15' })
    expect(found.find((home) => home.listingKey === 'V-HIDDEN')).toMatchObject({ address: null, storedAddress: 'V-HIDDEN Comparable Way' })
    expect(found.find((home) => home.listingKey === 'V-ACTIVE')).toMatchObject({ priceKind: 'asking', address: 'V-ACTIVE Comparable Way' })
    // One sale is too few for a sale-to-list ratio: asking prices stand as they are.
    expect(found.find((home) => home.listingKey === 'M-ACTIVE')?.marketPrice).toBe(found.find((home) => home.listingKey === 'M-ACTIVE')?.price)

    const pool = index.inPlace({ postalCode: '92618', city: 'Irvine', livingArea: 2000 })
    expect(pool.map((home) => home.listingKey)).not.toContain('V-ELSEWHERE')
    const estimate = estimateHomeValue({ postalCode: '92618', city: 'Irvine', beds: 3, baths: 2, livingArea: 2000 }, pool, 2026)
    expect(estimate).toMatchObject({ kind: 'estimate', basis: 'listed' })
  })

  it('brings a sale to today with the city’s monthly trend from its market snapshots', async () => {
    const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']
    await app.services.db
      .insertInto('marketSnapshot')
      .values(
        months.map((month, index) =>
          marketSnapshotRow(month, { newListings: 1, soldCount: 1, medianPricePerSquareFoot: Math.round(500 * 1.01 ** index * 100) / 100, monthsOfSupply: 3 }),
        ),
      )
      .execute()
    const index = await loadCandidateIndex(app.services.db, app.services.config.displayProfiles, { propertyType: 'single_family', state: 'CA' }, NOW)
    const sold = index.homes.find((home) => home.listingKey === 'V-SOLD')
    // +1 % a month for the two months since it closed.
    expect(sold?.marketPrice).toBeGreaterThan(950_000 * 1.0195)
    expect(sold?.marketPrice).toBeLessThan(950_000 * 1.0205)
  })
})
