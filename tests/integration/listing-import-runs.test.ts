import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Actor } from '../../src/server/auth/actor'
import { adminListingSources } from '../../src/server/admin/admin-listing-sources'
import { ResoImportError } from '../../src/server/listings/reso-http'
import { importFromResoWebApi } from '../../src/server/listings/reso-web-api'
import { resoSourceOf, type ResoConfig } from '../../src/server/listings/reso-config'
import { actorFor, createTestApp, describeOnEachDatabase, signUpAdmin, type TestApp } from './harness'
import { startResoFixtureServer, type RecordedRequest, type ResoFixtureServer, type ResoRecord } from './reso-fixture-server'

/*
 * Issue 32 item 5: a listings import that fails (the feed down, a refused token, a malformed
 * page) is recorded with its error, counts and time, without the credentials; the platform
 * admin sees the last runs; the next successful run says it recovered. Against the loopback
 * RESO server made to fail, on SQLite and PostgreSQL.
 */

const LEAKED = 'sk-live-never-store-me-0123456789'

function property(key: string, index: number): ResoRecord {
  return {
    ListingKey: key,
    ListPrice: 900_000 + index * 10_000,
    StandardStatus: 'Active',
    PropertyType: 'Residential',
    PropertySubType: 'SingleFamilyResidence',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    LivingArea: 1600,
    UnparsedAddress: `${index} Example Way, Irvine, CA`,
    City: 'Irvine',
    StateOrProvince: 'CA',
    PostalCode: '92620',
    ListOfficeName: 'Example Realty',
    ModificationTimestamp: new Date(Date.UTC(2026, 0, 10, 8, index)).toISOString(),
    Media: [],
  }
}

const isPage = (request: RecordedRequest) => request.query.$orderby === 'ModificationTimestamp asc'

describeOnEachDatabase('listing import runs', (database) => {
  let app: TestApp
  let server: ResoFixtureServer
  let admin: Actor

  beforeAll(async () => {
    app = await createTestApp(database.name)
    admin = await actorFor(app.services, await signUpAdmin(app.services))
    server = await startResoFixtureServer({ maxPageSize: 2 })
    server.records.push(...['IRV-1', 'IRV-2', 'IRV-3', 'IRV-4'].map((key, index) => property(key, index + 1)))
  })

  afterAll(async () => {
    await server.close()
    await app.close()
  })

  function config(overrides: Partial<ResoConfig> = {}): ResoConfig {
    return {
      serviceRoot: server.serviceRoot,
      resource: 'Property',
      credentials: { kind: 'client-credentials', tokenUrl: server.tokenUrl, clientId: server.clientId, clientSecret: server.clientSecret },
      states: ['CA'],
      cities: [],
      statuses: ['Active'],
      pageSize: 2,
      ...overrides,
    }
  }

  const run = (overrides: Partial<ResoConfig> = {}) => importFromResoWebApi(app.services, config(overrides), { baseDelayMs: 1, sleep: () => Promise.resolve() })

  async function runs() {
    const sources = await adminListingSources(app.services, admin)
    return sources.sources.find((item) => item.source === resoSourceOf(config()))?.recentRuns ?? []
  }

  it('records a feed that answers 500 as a failed run, with what it had stored before the failure', async () => {
    app.clock.set(new Date('2026-02-01T10:00:00Z'))
    // The first page arrives, the second fails on each of the importer's five attempts.
    server.inject({ when: (request) => isPage(request) && request.query.$skip === '2', times: 5, action: { status: 500 } })
    await expect(run()).rejects.toBeInstanceOf(ResoImportError)
    const [failed] = await runs()
    expect(failed).toMatchObject({
      outcome: 'failed',
      startedAt: '2026-02-01T10:00:00.000Z',
      finishedAt: '2026-02-01T10:00:00.000Z',
      fetched: 2,
      inserted: 2,
      recoveredFromFailures: 0,
    })
    expect(failed?.error).toMatch(/HTTP 500/)
  })

  it('records a refused token without the token', async () => {
    app.clock.set(new Date('2026-02-01T11:00:00Z'))
    await expect(run({ credentials: { kind: 'token', accessToken: LEAKED } })).rejects.toBeInstanceOf(ResoImportError)
    const [failed] = await runs()
    expect(failed).toMatchObject({ outcome: 'failed', finishedAt: '2026-02-01T11:00:00.000Z', fetched: 0 })
    expect(failed?.error).toMatch(/401/)
    expect(JSON.stringify(failed)).not.toContain(LEAKED)
  })

  it('records a malformed page, and strips a secret the answer quoted', async () => {
    app.clock.set(new Date('2026-02-01T12:00:00Z'))
    server.inject({
      when: (request) => isPage(request) && request.query.$skip === undefined,
      action: { status: 200, body: `{"access_token": "${LEAKED}", "value": [ oops` },
    })
    await expect(run()).rejects.toBeInstanceOf(ResoImportError)
    const [failed] = await runs()
    expect(failed).toMatchObject({ outcome: 'failed', finishedAt: '2026-02-01T12:00:00.000Z' })
    expect(failed?.error).toMatch(/not JSON/)
    expect(failed?.error).toContain('[redacted]')
    expect(JSON.stringify(await runs())).not.toContain(LEAKED)
    expect(JSON.stringify(await app.services.db.selectFrom('listingImportRun').selectAll().execute())).not.toContain(LEAKED)
  })

  it('the next successful run says it recovered from the failed ones; the admin sees the last runs newest first', async () => {
    app.clock.set(new Date('2026-02-01T13:00:00Z'))
    const summary = await run()
    expect(summary.fetched).toBeGreaterThan(0)
    const recent = await runs()
    expect(recent.map((item) => [item.outcome, item.finishedAt])).toEqual([
      ['succeeded', '2026-02-01T13:00:00.000Z'],
      ['failed', '2026-02-01T12:00:00.000Z'],
      ['failed', '2026-02-01T11:00:00.000Z'],
      ['failed', '2026-02-01T10:00:00.000Z'],
    ])
    expect(recent[0]).toMatchObject({ outcome: 'succeeded', error: null, recoveredFromFailures: 3, fetched: summary.fetched, inserted: summary.inserted })

    // A second success has nothing to recover from.
    app.clock.set(new Date('2026-02-01T14:00:00Z'))
    await run()
    expect((await runs())[0]).toMatchObject({ outcome: 'succeeded', recoveredFromFailures: 0 })
  })
})
