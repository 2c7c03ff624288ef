import { afterAll, beforeAll, expect, it } from 'vitest'
import { upsertHomes } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { findComparableCandidates } from '../../src/server/valuations/comparables'
import { estimateHomeValue } from '../../src/server/valuations/estimate'
import { createTestApp, describeOnEachDatabase, type TestApp } from './harness'
import { resoPropertyFixture } from '../reso-property-fixture'

/*
 * The valuation's candidate query (issue 27 item 1) on SQLite and PostgreSQL: same ZIP or city and
 * type only; no leases, no homes barred from the internet, no retired ones; a sale only where the
 * source's display profile allows sold data (the demo source does, an unconfigured MLS does not);
 * a withheld address stays withheld.
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

  it('finds same-type homes for sale in the ZIP or city that may be shown, sales only where allowed', async () => {
    const found = await findComparableCandidates(app.services.db, app.services.config.displayProfiles, {
      propertyType: 'single_family',
      state: 'ca',
      city: 'Irvine',
      postalCode: '92618',
    })
    expect(found.map((home) => home.listingKey).sort()).toEqual(['M-ACTIVE', 'V-ACTIVE', 'V-CITY', 'V-HIDDEN', 'V-PENDING', 'V-SOLD'])
    const sold = found.find((home) => home.listingKey === 'V-SOLD')
    expect(sold).toMatchObject({ basis: 'sold', price: 950_000, date: '2026-09-15' })
    expect(found.find((home) => home.listingKey === 'V-HIDDEN')?.address).toBeNull()
    expect(found.find((home) => home.listingKey === 'V-ACTIVE')?.address).toBe('V-ACTIVE Comparable Way')

    const estimate = estimateHomeValue({ postalCode: '92618', city: 'Irvine', beds: 3, baths: 2, livingArea: 2000 }, found)
    expect(estimate).toMatchObject({ kind: 'estimate', basis: 'listed', typical: 1_000_000 })
  })
})
