import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adminListingSources } from '../../src/server/admin/admin-listing-sources'
import type { Actor } from '../../src/server/auth/actor'
import { openDatabase } from '../../src/server/db/database'
import { up as backfillRuns } from '../../src/server/db/migrations/0007-listing-source-runs'
import { upsertHomes } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { getHomeDetail, listHomes } from '../../src/server/listings/homes'
import { importFromResoFile, ResoFileError } from '../../src/server/listings/import-file'
import type { ResoConfig } from '../../src/server/listings/reso-config'
import { ResoImportError } from '../../src/server/listings/reso-http'
import { importFromResoWebApi } from '../../src/server/listings/reso-web-api'
import { seedDemoHomes } from '../../src/server/listings/seed-homes'
import { readRevisions } from '../../src/server/pages/revisions'
import { createServices } from '../../src/server/services'
import { actorFor, createTestApp, describeOnEachDatabase, SECRET, signUpAdmin, testEnv, type TestApp } from './harness'
import { startResoFixtureServer, type ResoFixtureServer, type ResoRecord } from './reso-fixture-server'

/*
 * Issue 15 item 2, freshness: every successful run records the source's last successful run,
 * a failed one leaves it as it was, pages show it with the listings (and move with the
 * revision the page store keys by), and the platform admin is warned once a source is older
 * than its display profile's maxAgeHours. The clock is the services' own, pinned.
 */

const T0 = Date.UTC(2026, 2, 3, 18, 0, 0)
const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

function property(key: string, index: number): ResoRecord {
  return {
    ListingKey: key,
    ListPrice: 900_000 + index * 10_000,
    StandardStatus: 'Active',
    PropertyType: 'Residential',
    PropertySubType: 'SingleFamilyResidence',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    UnparsedAddress: `${10 + index} Fresh Way`,
    City: 'Irvine',
    StateOrProvince: 'CA',
    PostalCode: '92620',
    ListAgentFullName: 'Jamie Example',
    ListOfficeName: 'Example Realty',
    OnMarketDate: '2026-03-01',
    ModificationTimestamp: iso(T0 - 10 * HOUR + index * 60_000),
    InternetEntireListingDisplayYN: true,
    InternetAddressDisplayYN: true,
    Media: [],
  }
}

describeOnEachDatabase('listing sources: last successful run and freshness', (database) => {
  let app: TestApp
  let server: ResoFixtureServer
  let dir: string
  let admin: Actor
  let source: string

  const PROFILES = {
    'reso:*': { mlsName: 'Example Regional MLS', maxAgeHours: 6, credit: 'Listing provided by {office}', timeZone: 'America/Los_Angeles' },
    'reso:never.mls.example': { mlsName: 'Configured, never imported' },
  }

  function config(): ResoConfig {
    return {
      serviceRoot: server.serviceRoot,
      resource: 'Property',
      credentials: { kind: 'client-credentials', tokenUrl: server.tokenUrl, clientId: server.clientId, clientSecret: server.clientSecret },
      states: ['CA'],
      cities: [],
      statuses: ['Active'],
      pageSize: 10,
    }
  }

  const runReso = () => importFromResoWebApi(app.services, config(), { baseDelayMs: 1, sleep: () => Promise.resolve() })
  const lastRunAt = async (name: string) =>
    (await app.services.db.selectFrom('listingImportState').select('lastRunAt').where('source', '=', name).executeTakeFirst())?.lastRunAt
  const sourceShown = async () => (await listHomes(app.services, { city: 'Irvine', state: 'CA' })).sources.find((item) => item.id === source)
  const adminView = async (name: string) => (await adminListingSources(app.services, admin)).sources.find((item) => item.source === name)

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'realtor-profiles-'))
    const file = path.join(dir, 'profiles.json')
    await writeFile(file, JSON.stringify(PROFILES))
    app = await createTestApp(database.name, { env: { LISTINGS_DISPLAY_PROFILES: file } })
    server = await startResoFixtureServer()
    server.records.push(property('FRESH-1', 1), property('FRESH-2', 2))
    source = `reso:${new URL(server.serviceRoot).host}`
    app.clock.set(new Date(T0 - HOUR))
    admin = await actorFor(app.services, await signUpAdmin(app.services))
  })

  afterAll(async () => {
    await server?.close()
    await app?.close()
    await rm(dir, { recursive: true, force: true })
  })

  beforeEach(() => {
    app.clock.set(new Date(T0))
  })

  it('a successful run records its time, and pages get it with the listings and the profile', async () => {
    const before = await readRevisions(app.services.db)
    await runReso()
    expect(await lastRunAt(source)).toBe(iso(T0))
    expect(await sourceShown()).toEqual({
      id: source,
      mlsName: 'Example Regional MLS',
      isDemo: false,
      disclaimer: null,
      disclaimerKo: null,
      credit: 'Listing provided by {office}',
      creditWithAgent: null,
      showAgentName: false,
      logo: null,
      timeZone: 'America/Los_Angeles',
      lastUpdatedAt: iso(T0),
    })
    const home = await getHomeDetail(app.services, 'FRESH-1')
    expect(home.sourceId).toBe(source)
    expect(home.listingSource.lastUpdatedAt).toBe(iso(T0))
    expect((await readRevisions(app.services.db)).listings).toBeGreaterThan(before.listings)
  })

  it('a run that changes no listing still moves the time and the listings revision (the page shows the time)', async () => {
    app.clock.set(new Date(T0 + HOUR))
    const before = await readRevisions(app.services.db)
    const summary = await runReso()
    expect(summary.inserted + summary.updated + summary.retired).toBe(0)
    expect(await lastRunAt(source)).toBe(iso(T0 + HOUR))
    expect((await sourceShown())?.lastUpdatedAt).toBe(iso(T0 + HOUR))
    expect((await readRevisions(app.services.db)).listings).toBeGreaterThan(before.listings)
  })

  it('a failed run leaves the last successful run, and the pages keep showing it', async () => {
    app.clock.set(new Date(T0 + 2 * HOUR))
    server.inject({ when: (request) => request.path.endsWith('/Property'), action: { status: 400 } })
    await expect(runReso()).rejects.toBeInstanceOf(ResoImportError)
    expect(await lastRunAt(source)).toBe(iso(T0 + HOUR))
    expect((await sourceShown())?.lastUpdatedAt).toBe(iso(T0 + HOUR))
  })

  it('the admin is warned only once the source is older than its maxAgeHours', async () => {
    // The failed run of the test before is recorded, newest first (issue 32).
    const withTheFailedRun: unknown = expect.arrayContaining([expect.objectContaining({ outcome: 'failed', finishedAt: iso(T0 + 2 * HOUR) })])
    app.clock.set(new Date(T0 + HOUR + 6 * HOUR))
    expect(await adminView(source)).toEqual({
      source,
      mlsName: 'Example Regional MLS',
      isDemo: false,
      lastRunAt: iso(T0 + HOUR),
      maxAgeHours: 6,
      stale: false,
      listedHomes: 2,
      recentRuns: withTheFailedRun,
    })
    app.clock.set(new Date(T0 + HOUR + 6 * HOUR + 60_000))
    expect(await adminView(source)).toMatchObject({ stale: true, lastRunAt: iso(T0 + HOUR) })
    // Stale sources come first; a feed in the profile file that never imported is stale too.
    const all = (await adminListingSources(app.services, admin)).sources
    expect(
      all
        .slice(0, 2)
        .map((item) => item.source)
        .sort(),
    ).toEqual([source, 'reso:never.mls.example'].sort())
    expect(await adminView('reso:never.mls.example')).toEqual({
      source: 'reso:never.mls.example',
      mlsName: 'Configured, never imported',
      isDemo: false,
      lastRunAt: null,
      // Its own entry replaces the `reso:*` one, so the default 12 hours.
      maxAgeHours: 12,
      stale: true,
      listedHomes: 0,
      recentRuns: [],
    })
    // The next successful run clears the warning.
    await runReso()
    expect(await adminView(source)).toMatchObject({ stale: false })
  })

  it('admins only', async () => {
    await expect(adminListingSources(app.services, null)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(adminListingSources(app.services, { ...admin, isAdmin: false })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })

  it('file imports record their runs (default 12 hours); a file that fails does not', async () => {
    const file = path.join(dir, 'fresh.json')
    await writeFile(file, JSON.stringify({ value: [property('FILE-1', 5)] }))
    await importFromResoFile(app.services, file)
    expect(await lastRunAt('file:fresh.json')).toBe(iso(T0))
    app.clock.set(new Date(T0 + 3 * HOUR))
    await expect(importFromResoFile(app.services, path.join(dir, 'missing.json'), { source: 'file:fresh.json' })).rejects.toBeInstanceOf(ResoFileError)
    expect(await lastRunAt('file:fresh.json')).toBe(iso(T0))
    app.clock.set(new Date(T0 + 12 * HOUR + 1))
    expect(await adminView('file:fresh.json')).toMatchObject({ maxAgeHours: 12, stale: true, lastRunAt: iso(T0) })
  })

  it('the demo generator records its run; demo data is never stale', async () => {
    await seedDemoHomes(app.services, 2)
    expect(await lastRunAt('demo')).toBe(iso(T0))
    app.clock.set(new Date(T0 + 1000 * HOUR))
    expect(await adminView('demo')).toMatchObject({ isDemo: true, maxAgeHours: null, stale: false, lastRunAt: iso(T0), listedHomes: 2 })
  })

  it('migration 0007 gives a source stored before runs were recorded the time of its newest listing, and leaves recorded runs alone', async () => {
    const { records } = parseResoProperties([property('OLD-1', 7), property('OLD-2', 8)])
    await upsertHomes(app.services.db, records.slice(0, 1), { source: 'file:old.json', isDemo: false, now: new Date(T0 - 48 * HOUR) })
    await upsertHomes(app.services.db, records.slice(1), { source: 'file:old.json', isDemo: false, now: new Date(T0 - 30 * HOUR) })
    const recorded = await lastRunAt(source)
    await backfillRuns(app.services.db)
    expect(await lastRunAt('file:old.json')).toBe(iso(T0 - 30 * HOUR))
    expect(await lastRunAt(source)).toBe(recorded)
  })
})

describe('LISTINGS_DISPLAY_PROFILES', () => {
  it('a wrong profile file stops the start with the file, the source and the field named', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'realtor-profiles-'))
    const file = path.join(dir, 'profiles.json')
    await writeFile(file, JSON.stringify({ demo: { maxAgeHours: 'twelve' } }))
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'app.sqlite') })
    try {
      await expect(createServices({ database, env: testEnv({ LISTINGS_DISPLAY_PROFILES: file }), secret: SECRET })).rejects.toThrow(
        new RegExp(`^LISTINGS_DISPLAY_PROFILES=${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: demo\\.maxAgeHours: `),
      )
      await expect(createServices({ database, env: testEnv({ LISTINGS_DISPLAY_PROFILES: path.join(dir, 'none.json') }), secret: SECRET })).rejects.toThrow(
        /none\.json: cannot be read/,
      )
    } finally {
      await database.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
