import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/schema'
import { importFromResoFile } from '../../src/server/listings/import-file'
import { countHomes, readImportState } from '../../src/server/listings/home-store'
import { resoConfigFromEnv, type ResoConfig } from '../../src/server/listings/reso-config'
import { feedFilter } from '../../src/server/listings/reso-query'
import { importFromResoWebApi, type ResoImportOptions } from '../../src/server/listings/reso-web-api'
import { anyString, createTestApp, describeOnEachDatabase, stringMatching, testEnv, type TestApp } from './harness'
import { startResoFixtureServer, type RecordedRequest, type ResoFixtureServer, type ResoRecord } from './reso-fixture-server'

/*
 * Listings import (issue 6 item 2) against a RESO Web API server on loopback that really
 * evaluates the OData query, and from RESO JSON files. On SQLite and PostgreSQL.
 */

const SAMPLE_FILE = path.resolve('tests/fixtures/reso-sample.json')
const BASE_TIME = Date.UTC(2026, 0, 10, 8, 0, 0)
const MINUTE = 60_000
const PAGE_SIZE = 3
const STATUSES = ['Active', 'Pending', 'ComingSoon']

/** The fields reso-property.ts reads, written out here so the test checks the importer's list. */
const EXPECTED_SELECT = [
  'AssociationFee',
  'AssociationFeeFrequency',
  'BathroomsTotalInteger',
  'BedroomsTotal',
  'City',
  'ClosePrice',
  'CloseDate',
  'InternetAddressDisplayYN',
  'InternetEntireListingDisplayYN',
  'ListAgentFullName',
  'ListOfficeName',
  'ListPrice',
  'ListingKey',
  'LivingArea',
  'LotSizeSquareFeet',
  'Latitude',
  'Longitude',
  'ModificationTimestamp',
  'OnMarketDate',
  'OriginalListPrice',
  'PostalCode',
  'PropertySubType',
  'PropertyType',
  'PublicRemarks',
  'StandardStatus',
  'StateOrProvince',
  'UnparsedAddress',
  'YearBuilt',
].sort()
const EXPECTED_FILTER =
  "(StateOrProvince eq 'CA' or StateOrProvince eq 'GA') and (StandardStatus eq 'Active' or StandardStatus eq 'Pending' or StandardStatus eq 'ComingSoon')"

const iso = (ms: number) => new Date(ms).toISOString()

/** A realistic RESO Property with the agent's direct contact details the importer must drop. */
function property(key: string, index: number, overrides: ResoRecord = {}): ResoRecord {
  const georgia = key.startsWith('GA')
  const city = georgia ? (index % 2 === 0 ? 'Duluth' : 'Suwanee') : 'Irvine'
  return {
    ListingKey: key,
    ListingId: `MLS${1000 + index}`,
    ListPrice: 800_000 + index * 25_000,
    StandardStatus: STATUSES[index % STATUSES.length],
    PropertyType: 'Residential',
    PropertySubType: index % 2 === 0 ? 'SingleFamilyResidence' : 'Condominium',
    BedroomsTotal: 2 + (index % 3),
    BathroomsTotalInteger: 2,
    LivingArea: 1500 + index * 10,
    LotSizeSquareFeet: 4000 + index,
    YearBuilt: 1990 + index,
    UnparsedAddress: `${100 + index} Example Way, ${city}, ${georgia ? 'GA' : 'CA'}`,
    City: city,
    StateOrProvince: georgia ? 'GA' : 'CA',
    PostalCode: georgia ? '30097' : '92620',
    Latitude: georgia ? 34.0 : 33.7,
    Longitude: georgia ? -84.1 : -117.8,
    PublicRemarks: `Fictitious listing ${key}.`,
    ListAgentFullName: 'Jamie Example',
    ListAgentDirectPhone: `949-555-01${String(10 + index)}`,
    ListAgentEmail: `agent${index}@example.com`,
    ListAgentMlsId: `AG${index}`,
    ListOfficeName: 'Example Realty',
    OnMarketDate: '2026-01-02',
    ModificationTimestamp: iso(BASE_TIME + index * MINUTE),
    // Out of order on purpose: the store keeps the feed's Order.
    Media: [3, 1, 2].map((order) => ({
      MediaKey: `${key}-M${order}`,
      MediaURL: `https://photos.example.com/${key}/${order}.jpg`,
      Order: order,
      MediaCategory: 'Photo',
      ShortDescription: 'not requested',
    })),
    ...overrides,
  }
}

const IN_SCOPE = ['IRV-1', 'IRV-2', 'IRV-3', 'IRV-4', 'IRV-5', 'GA-1', 'GA-2', 'GA-3']

function feed(): Array<ResoRecord> {
  return [
    ...IN_SCOPE.map((key, index) => property(key, index + 1)),
    // Outside the filter: another state, and a closed sale.
    property('TX-1', 20, { StateOrProvince: 'TX', City: 'Austin' }),
    property('IRV-CLOSED', 21, { StandardStatus: 'Closed' }),
  ]
}

const maxTimestamp = iso(BASE_TIME + IN_SCOPE.length * MINUTE)

function find(server: ResoFixtureServer, key: string): ResoRecord {
  const found = server.records.find((record) => record.ListingKey === key)
  if (!found) throw new Error(`no ${key} in the feed`)
  return found
}

async function rowsOf(db: Kysely<Database>, source?: string) {
  return db
    .selectFrom('home')
    .selectAll()
    .$if(source !== undefined, (query) => query.where('source', '=', source ?? ''))
    .orderBy('listingKey')
    .execute()
}

async function rowOf(db: Kysely<Database>, key: string) {
  return db.selectFrom('home').selectAll().where('listingKey', '=', key).executeTakeFirstOrThrow()
}

async function mediaUrls(db: Kysely<Database>, key: string): Promise<Array<string>> {
  const rows = await db
    .selectFrom('homeMedia')
    .innerJoin('home', 'home.id', 'homeMedia.homeId')
    .select(['homeMedia.mediaUrl'])
    .where('home.listingKey', '=', key)
    .orderBy('homeMedia.sortOrder')
    .execute()
  return rows.map((row) => row.mediaUrl)
}

/** Everything the import writes, for "nothing changed" comparisons. */
async function snapshot(db: Kysely<Database>) {
  return {
    homes: await rowsOf(db),
    media: await db.selectFrom('homeMedia').selectAll().orderBy('homeId').orderBy('sortOrder').execute(),
    state: await db.selectFrom('listingImportState').selectAll().orderBy('source').execute(),
  }
}

const isPage = (request: RecordedRequest) => request.query.$orderby === 'ModificationTimestamp asc'
const isKeyList = (request: RecordedRequest) => request.query.$select === 'ListingKey,ModificationTimestamp'

describeOnEachDatabase('listings import', (database) => {
  let app: TestApp
  let db: Kysely<Database>
  let server: ResoFixtureServer
  let sleeps: Array<number>
  let source: string

  function config(overrides: Partial<ResoConfig> = {}): ResoConfig {
    return {
      serviceRoot: server.serviceRoot,
      resource: 'Property',
      credentials: { kind: 'client-credentials', tokenUrl: server.tokenUrl, clientId: server.clientId, clientSecret: server.clientSecret, scope: 'api' },
      states: ['CA', 'GA'],
      cities: [],
      statuses: STATUSES,
      pageSize: PAGE_SIZE,
      ...overrides,
    }
  }

  function run(overrides: Partial<ResoConfig> = {}, options: ResoImportOptions = {}) {
    return importFromResoWebApi(app.services, config(overrides), {
      baseDelayMs: 10,
      sleep: (ms) => {
        sleeps.push(ms)
        return Promise.resolve()
      },
      ...options,
    })
  }

  /** What a first full run over the whole fixture feed reports. */
  function firstFullRun() {
    return {
      source,
      fetched: 8,
      inserted: 8,
      updated: 0,
      unchanged: 0,
      rejected: [],
      retired: 0,
      pages: 3,
      repaired: 0,
      incremental: false,
      lastModificationTimestamp: maxTimestamp,
      warnings: [],
      lastRunAt: app.clock.now().toISOString(),
      // No saved search exists here: the alerts run after the import finds nobody to tell.
      alerts: { matches: 0, mails: 0 },
    }
  }

  beforeEach(async () => {
    app = await createTestApp(database.name)
    // Pinned, so a summary's lastRunAt is known; tests that care move it.
    app.clock.set(new Date(Date.UTC(2026, 0, 20, 12, 0, 0)))
    db = app.services.db
    server = await startResoFixtureServer()
    server.records.push(...feed())
    sleeps = []
    source = `reso:${new URL(server.origin).host}`
  })

  afterEach(async () => {
    await server?.close()
    await app?.close()
  })

  it('(a) a first full run over several pages stores every listing with ordered media and RESO fields, and no agent phone or e-mail', async () => {
    app.clock.set(new Date(Date.UTC(2026, 0, 20, 12, 0, 0)))
    const summary = await run()
    expect(summary).toEqual(firstFullRun())

    // One token (client credentials in HTTP Basic, the scope in the form) serves the whole run.
    const tokens = server.tokenRequests()
    expect(tokens).toHaveLength(1)
    expect(tokens[0]?.authorization).toBe(`Basic ${Buffer.from('test-client:test-secret').toString('base64')}`)
    expect(tokens[0]?.form).toEqual({ grant_type: 'client_credentials', scope: 'api' })

    const pages = server.feedRequests().filter(isPage)
    expect(pages.map((request) => request.query.$skip)).toEqual([undefined, '3', '6'])
    const first = pages[0]
    expect(first?.authorization).toBe('Bearer token-1')
    expect(first?.query.$filter).toBe(EXPECTED_FILTER)
    expect(first?.query.$select?.split(',').sort()).toEqual(EXPECTED_SELECT)
    expect(first?.query.$expand).toBe('Media($select=MediaKey,MediaURL,Order,MediaCategory)')
    expect(first?.query.$top).toBe('3')
    // The key list used for retiring carries the same filter.
    const keyList = server.feedRequests().filter(isKeyList)
    expect(keyList.length).toBeGreaterThan(0)
    expect(keyList[0]?.query.$filter).toBe(EXPECTED_FILTER)

    const rows = await rowsOf(db, source)
    expect(rows.map((row) => row.listingKey)).toEqual([...IN_SCOPE].sort())
    expect(await countHomes(db)).toBe(8)
    expect(await rowOf(db, 'IRV-2')).toMatchObject({
      source,
      isDemo: 0,
      isListed: 1,
      listingType: 'sale',
      listPrice: 850_000,
      standardStatus: 'ComingSoon',
      propertyType: 'Residential',
      propertySubType: 'SingleFamilyResidence',
      bedroomsTotal: 4,
      bathroomsTotalInteger: 2,
      livingArea: 1520,
      lotSizeSquareFeet: 4002,
      yearBuilt: 1992,
      unparsedAddress: '102 Example Way, Irvine, CA',
      city: 'Irvine',
      stateOrProvince: 'CA',
      postalCode: '92620',
      latitude: 33.7,
      longitude: -117.8,
      publicRemarks: 'Fictitious listing IRV-2.',
      listAgentFullName: 'Jamie Example',
      listOfficeName: 'Example Realty',
      onMarketDate: '2026-01-02',
      modificationTimestamp: iso(BASE_TIME + 2 * MINUTE),
      retiredAt: null,
      updatedAt: '2026-01-20T12:00:00.000Z',
    })
    for (const key of IN_SCOPE) {
      expect(await mediaUrls(db, key)).toEqual([1, 2, 3].map((order) => `https://photos.example.com/${key}/${order}.jpg`))
    }

    // Neither the agent's direct phone and e-mail nor fields nobody asked for are stored anywhere.
    const stored = JSON.stringify(await snapshot(db))
    for (const record of server.records) {
      expect(stored).not.toContain(String(record.ListAgentDirectPhone))
      expect(stored).not.toContain(String(record.ListAgentEmail))
    }
    expect(stored).not.toContain('not requested')
    expect(stored).not.toContain('TX-1')
    expect(stored).not.toContain('IRV-CLOSED')
    expect(await readImportState(db, source)).toEqual({ lastModificationTimestamp: maxTimestamp })
  })

  it('(b) an incremental run asks only for listings modified after the last run and updates only those', async () => {
    app.clock.set(new Date(Date.UTC(2026, 0, 20, 12, 0, 0)))
    const firstRun = await run()
    const untouchedBefore = await rowOf(db, 'IRV-1')

    const changedAt = iso(BASE_TIME + 60 * MINUTE)
    Object.assign(find(server, 'IRV-2'), { ListPrice: 799_000, ModificationTimestamp: changedAt })
    server.records.push(property('GA-4', 9, { ModificationTimestamp: iso(BASE_TIME + 61 * MINUTE) }))
    app.clock.set(new Date(Date.UTC(2026, 0, 21, 12, 0, 0)))
    const requestsBefore = server.requests.length
    const summary = await run()

    const pages = server.requests.slice(requestsBefore).filter(isPage)
    expect(pages[0]?.query.$filter).toBe(`${EXPECTED_FILTER} and ModificationTimestamp gt ${firstRun.lastModificationTimestamp}`)
    expect(summary).toMatchObject({
      fetched: 2,
      inserted: 1,
      updated: 1,
      pages: 1,
      repaired: 0,
      retired: 0,
      incremental: true,
      lastModificationTimestamp: iso(BASE_TIME + 61 * MINUTE),
    })
    // Each run (a separate cron process) asks for its own token.
    expect(server.tokenRequests()).toHaveLength(2)

    expect(await rowOf(db, 'IRV-2')).toMatchObject({ listPrice: 799_000, modificationTimestamp: changedAt, updatedAt: '2026-01-21T12:00:00.000Z' })
    expect(await rowOf(db, 'IRV-1')).toEqual(untouchedBefore)
    expect(await countHomes(db, source)).toBe(9)
    expect(await readImportState(db, source)).toEqual({ lastModificationTimestamp: iso(BASE_TIME + 61 * MINUTE) })

    // Nothing changed since: an empty page, nothing written, the timestamp stays.
    const idle = await run()
    expect(idle).toMatchObject({
      fetched: 0,
      inserted: 0,
      updated: 0,
      pages: 1,
      repaired: 0,
      retired: 0,
      lastModificationTimestamp: iso(BASE_TIME + 61 * MINUTE),
    })
  })

  it('(c) a listing deleted from the feed or sold off-market is retired; one reappearing is listed again', async () => {
    app.clock.set(new Date(Date.UTC(2026, 0, 20, 12, 0, 0)))
    await run()

    // GA-1 is deleted; IRV-3 closes (it now fails the status filter, so the changed query never sees it).
    const ga1 = find(server, 'GA-1')
    server.records.splice(server.records.indexOf(ga1), 1)
    Object.assign(find(server, 'IRV-3'), { StandardStatus: 'Closed', ModificationTimestamp: iso(BASE_TIME + 90 * MINUTE) })
    app.clock.set(new Date(Date.UTC(2026, 0, 21, 12, 0, 0)))
    const second = await run()
    expect(second).toMatchObject({ incremental: true, fetched: 0, retired: 2, warnings: [] })
    for (const key of ['GA-1', 'IRV-3']) {
      expect(await rowOf(db, key)).toMatchObject({ isListed: 0, retiredAt: '2026-01-21T12:00:00.000Z' })
      // Retired listings keep their media, ready for a return.
      expect(await mediaUrls(db, key)).toHaveLength(3)
    }
    const listed = await db.selectFrom('home').select('listingKey').where('isListed', '=', 1).orderBy('listingKey').execute()
    expect(listed.map((row) => row.listingKey)).toEqual(['GA-2', 'GA-3', 'IRV-1', 'IRV-2', 'IRV-4', 'IRV-5'])

    // GA-1 returns unchanged (an old timestamp the incremental query skips); IRV-3 comes back on the market.
    server.records.push(ga1)
    Object.assign(find(server, 'IRV-3'), { StandardStatus: 'Active', ModificationTimestamp: iso(BASE_TIME + 120 * MINUTE) })
    app.clock.set(new Date(Date.UTC(2026, 0, 22, 12, 0, 0)))
    const third = await run()
    expect(third).toMatchObject({ fetched: 2, inserted: 0, updated: 2, repaired: 1, retired: 0, lastModificationTimestamp: iso(BASE_TIME + 120 * MINUTE) })
    for (const key of ['GA-1', 'IRV-3']) {
      expect(await rowOf(db, key)).toMatchObject({ isListed: 1, retiredAt: null, updatedAt: '2026-01-22T12:00:00.000Z' })
    }
    expect(await mediaUrls(db, 'GA-1')).toEqual([1, 2, 3].map((order) => `https://photos.example.com/GA-1/${order}.jpg`))
    expect(await db.selectFrom('home').select('listingKey').where('isListed', '=', 1).execute()).toHaveLength(8)
  })

  it('(d) a bad client secret fails the run clearly and leaves the store and the import state untouched', async () => {
    await run()
    const before = await snapshot(db)
    Object.assign(find(server, 'IRV-1'), { ListPrice: 1, ModificationTimestamp: iso(BASE_TIME + 99 * MINUTE) })
    const feedBefore = server.feedRequests().length
    const tokensBefore = server.tokenRequests().length

    const credentials = { kind: 'client-credentials' as const, tokenUrl: server.tokenUrl, clientId: server.clientId, clientSecret: 'wrong-secret' }
    await expect(run({ credentials })).rejects.toThrow(/refused the client credentials \(HTTP 401.*invalid_client/)
    // Basic first, then the form body, then it gives up; the feed is never asked.
    const attempts = server.tokenRequests().slice(tokensBefore)
    expect(attempts.map((request) => (request.authorization?.startsWith('Basic ') ? 'basic' : request.form.client_id ? 'body' : 'none'))).toEqual([
      'basic',
      'body',
    ])
    expect(server.feedRequests().length).toBe(feedBefore)
    expect(await snapshot(db)).toEqual(before)
  })

  it('(d) an expired token mid-feed is replaced once and the request repeated', async () => {
    // The server forgets every token when page 2 is asked for, as when a token expires early.
    server.inject({ when: (request) => isPage(request) && request.query.$skip === '3', action: 'revoke' })
    const summary = await run()
    expect(summary).toMatchObject({ fetched: 8, inserted: 8, updated: 0, pages: 3, warnings: [] })
    expect(server.tokenRequests()).toHaveLength(2)
    const page2 = server.feedRequests().filter((request) => isPage(request) && request.query.$skip === '3')
    expect(page2.map((request) => [request.status, request.authorization])).toEqual([
      [401, 'Bearer token-1'],
      [200, 'Bearer token-2'],
    ])
    expect(await countHomes(db, source)).toBe(8)
  })

  it('(d) a token past its expires_in is renewed before the next request, without a 401', async () => {
    app.clock.set(new Date(Date.UTC(2026, 0, 20, 12, 0, 0)))
    // The fixture's tokens live an hour; while page 2 is served, two hours pass.
    server.inject({
      when: (request) => {
        if (isPage(request) && request.query.$skip === '3') app.clock.advance(2 * 60 * MINUTE)
        return false
      },
      action: 'drop',
    })
    expect(await run()).toMatchObject({ fetched: 8, inserted: 8, pages: 3 })
    const pages = server.feedRequests().filter(isPage)
    expect(pages.map((request) => [request.query.$skip, request.status, request.authorization])).toEqual([
      [undefined, 200, 'Bearer token-1'],
      ['3', 200, 'Bearer token-1'],
      ['6', 200, 'Bearer token-2'],
    ])
    expect(server.tokenRequests()).toHaveLength(2)
  })

  it('(d) a 401 after a fresh token fails the run; pages already stored stay whole and the timestamp does not move', async () => {
    server.inject({ when: (request) => isPage(request) && request.query.$skip === '3', times: 2, action: { status: 401 } })
    await expect(run()).rejects.toThrow(/HTTP 401 again after a new token/)
    expect(server.tokenRequests()).toHaveLength(2)
    // Page 1 was committed on its own; nothing was retired and no timestamp was stored.
    expect((await rowsOf(db, source)).map((row) => row.listingKey)).toEqual(['IRV-1', 'IRV-2', 'IRV-3'])
    for (const key of ['IRV-1', 'IRV-2', 'IRV-3']) expect(await mediaUrls(db, key)).toHaveLength(3)
    expect(await readImportState(db, source)).toBeUndefined()

    // The next run starts from scratch again and completes; page 1's listings are stored as the feed has them.
    expect(await run()).toMatchObject({ incremental: false, fetched: 8, inserted: 5, updated: 0, unchanged: 3 })
  })

  it('(d) a fixed access token is sent as is, and a 401 on it fails at once', async () => {
    const credentials = { kind: 'token' as const, accessToken: 'static-token' }
    await expect(run({ credentials })).rejects.toThrow(/refused the access token \(HTTP 401\)/)
    expect(server.tokenRequests()).toHaveLength(0)
    expect(server.feedRequests().map((request) => request.authorization)).toEqual(['Bearer static-token'])
    expect(await countHomes(db)).toBe(0)
  })

  it('(e) a 500 on page 2, a 429 with Retry-After and a dropped connection are retried: same result as a clean run, no duplicates', async () => {
    server.inject({ when: (request) => isPage(request) && request.query.$skip === '3', action: { status: 500 } })
    server.inject({ when: (request) => isPage(request) && request.query.$skip === '6', action: { status: 429, headers: { 'retry-after': '7' } } })
    server.inject({ when: isKeyList, action: 'drop' })
    const summary = await run()
    expect(summary).toEqual(firstFullRun())
    // Backoff for the 500 and the network error; the server's Retry-After for the 429.
    expect(sleeps).toEqual([10, 7000, 10])
    expect(
      server
        .feedRequests()
        .filter((request) => isPage(request) && request.query.$skip === '3')
        .map((request) => request.status),
    ).toEqual([500, 200])

    const rows = await rowsOf(db, source)
    expect(rows.map((row) => row.listingKey)).toEqual([...IN_SCOPE].sort())
    const media = await db
      .selectFrom('homeMedia')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(media.count)).toBe(24)

    // A full clean run over the same feed: the same listings, stored already, so none written again.
    const clean = await run({}, { full: true })
    expect(clean).toMatchObject({ fetched: 8, inserted: 0, updated: 0, unchanged: 8, pages: 3, incremental: false })
    expect(await countHomes(db)).toBe(8)
  })

  it('(e) a request failing every attempt ends the run after maxAttempts, with nothing recorded as done', async () => {
    server.inject({ when: (request) => isPage(request) && request.query.$skip === '3', times: 100, action: { status: 503 } })
    await expect(run({}, { maxAttempts: 3 })).rejects.toThrow(/HTTP 503 after 3 attempts/)
    expect(sleeps).toEqual([10, 20])
    expect(server.feedRequests().filter((request) => request.query.$skip === '3')).toHaveLength(3)
    expect(await readImportState(db, source)).toBeUndefined()
    expect(await countHomes(db, source)).toBe(3)
  })

  it('(e) the key list failing skips retiring but the run succeeds', async () => {
    await run()
    server.records.splice(server.records.indexOf(find(server, 'GA-2')), 1)
    server.inject({ when: isKeyList, times: 100, action: { status: 400, body: '{"error":"no"}' } })
    const summary = await run()
    expect(summary.retired).toBe(0)
    expect(summary.warnings).toEqual([expect.stringMatching(/key list could not be read/)])
    expect(await rowOf(db, 'GA-2')).toMatchObject({ isListed: 1, retiredAt: null })
  })

  it('(f) an invalid property is reported and skipped; the run goes on', async () => {
    server.records.push(property('BAD-1', 30, { ListPrice: 'call the agent' }))
    server.records.push(property('BAD-2', 31, { Media: [{ MediaKey: 'x', MediaURL: 'javascript:alert(1)', Order: 1 }] }))
    const summary = await run()
    expect(summary).toMatchObject({ fetched: 10, inserted: 8, updated: 0, repaired: 0, lastModificationTimestamp: maxTimestamp })
    expect(summary.rejected).toEqual([
      { key: 'BAD-1', reason: stringMatching(/^ListPrice: /) },
      { key: 'BAD-2', reason: stringMatching(/^Media\.0\.MediaURL: /) },
    ])
    expect((await rowsOf(db)).map((row) => row.listingKey)).toEqual([...IN_SCOPE].sort())
    expect(await readImportState(db, source)).toEqual({ lastModificationTimestamp: maxTimestamp })
  })

  it('follows relative nextLinks under the service root, escapes quotes in city names, and refuses a nextLink to another origin', async () => {
    await server.close()
    server = await startResoFixtureServer({ nextLink: 'relative' })
    source = `reso:${new URL(server.origin).host}`
    server.records.push(...feed(), property('GA-9', 9, { City: "O'Brien Park", StandardStatus: 'Active' }))
    const summary = await run({ cities: ['Duluth', "O'Brien Park"], pageSize: 1 })
    expect(server.feedRequests().find(isPage)?.query.$filter).toBe(
      `(StateOrProvince eq 'CA' or StateOrProvince eq 'GA') and (City eq 'Duluth' or City eq 'O''Brien Park') and (StandardStatus eq 'Active' or StandardStatus eq 'Pending' or StandardStatus eq 'ComingSoon')`,
    )
    expect(summary).toMatchObject({ fetched: 3, inserted: 3, pages: 3 })
    expect((await rowsOf(db, source)).map((row) => [row.listingKey, row.city])).toEqual([
      ['GA-1', 'Duluth'],
      ['GA-3', 'Duluth'],
      ['GA-9', "O'Brien Park"],
    ])

    server.inject({
      when: isPage,
      action: { status: 200, body: JSON.stringify({ value: [], '@odata.nextLink': 'https://elsewhere.example/odata/Property?$skip=1' }) },
    })
    const before = await snapshot(db)
    await expect(run({}, { full: true })).rejects.toThrow(/refusing @odata.nextLink to another origin/)
    expect(server.requests.some((request) => request.path.includes('elsewhere'))).toBe(false)
    expect(await snapshot(db)).toEqual(before)
  })

  it('(g) imports a RESO JSON file as an OData response and as a bare array; bad files fail clearly', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'reso-file-'))
    try {
      const first = await importFromResoFile(app.services, SAMPLE_FILE)
      expect(first).toEqual({
        source: 'file:reso-sample.json',
        fetched: 5,
        inserted: 5,
        updated: 0,
        unchanged: 0,
        rejected: [],
        retired: 0,
        lastRunAt: anyString,
        alerts: { matches: 0, mails: 0 },
      })
      expect(await mediaUrls(db, 'SAMPLE-GA-2001')).toEqual([1, 2, 3].map((order) => `https://photos.example.com/ga-2001/${order}.jpg`))
      expect(await rowOf(db, 'SAMPLE-IRV-1003')).toMatchObject({ listingType: 'rent', propertySubType: 'Townhouse', city: 'Irvine' })
      // $1,275 billed quarterly is $425 a month; a listing without a fee has none.
      expect(await rowOf(db, 'SAMPLE-IRV-1002')).toMatchObject({
        modificationTimestamp: '2026-01-09T16:00:00.000Z',
        onMarketDate: '2025-12-18',
        associationFeeMonthly: 425,
      })
      expect(await rowOf(db, 'SAMPLE-IRV-1001')).toMatchObject({ associationFeeMonthly: null })
      expect(await rowOf(db, 'SAMPLE-GA-2002')).toMatchObject({ internetAddressDisplayYn: 0, isListed: 1 })
      const stored = JSON.stringify(await snapshot(db))
      for (const secret of ['949-555-0101', 'jamie.agent@example.com', '770-555-0199', 'morgan.agent@example.com']) expect(stored).not.toContain(secret)

      // The same listings minus one, as a bare array under the same source, retiring what is gone.
      const sample: unknown = JSON.parse(await readFile(SAMPLE_FILE, 'utf8'))
      const values = typeof sample === 'object' && sample !== null && 'value' in sample && Array.isArray(sample.value) ? sample.value : []
      const barePath = path.join(folder, 'bare.json')
      await writeFile(barePath, JSON.stringify(values.slice(1)))
      const second = await importFromResoFile(app.services, barePath, { source: 'file:reso-sample.json', retireMissing: true })
      expect(second).toEqual({
        source: 'file:reso-sample.json',
        fetched: 4,
        inserted: 0,
        updated: 0,
        unchanged: 4,
        rejected: [],
        retired: 1,
        lastRunAt: anyString,
        alerts: { matches: 0, mails: 0 },
      })
      expect(await rowOf(db, 'SAMPLE-IRV-1001')).toMatchObject({ isListed: 0, retiredAt: anyString })

      // Without an explicit source, the file's name is the source.
      const third = await importFromResoFile(app.services, barePath)
      expect(third.source).toBe('file:bare.json')

      const before = await snapshot(db)
      const broken = path.join(folder, 'broken.json')
      await writeFile(broken, '{"value": [ {"ListingKey": ')
      await expect(importFromResoFile(app.services, broken)).rejects.toThrow(/broken\.json: not valid JSON/)
      const wrongShape = path.join(folder, 'wrong.json')
      await writeFile(wrongShape, JSON.stringify({ items: [] }))
      await expect(importFromResoFile(app.services, wrongShape)).rejects.toThrow(/expected an OData response \{ "value": \[ \.\.\.Property \] \} or an array/)
      await expect(importFromResoFile(app.services, path.join(folder, 'missing.json'))).rejects.toThrow(/missing\.json: no such file/)
      expect(await snapshot(db)).toEqual(before)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

describe('RESO settings from the environment', () => {
  it('builds the config from RESO_* variables; none without RESO_API_URL; an error without credentials', () => {
    expect(resoConfigFromEnv(testEnv())).toBeUndefined()
    const config = resoConfigFromEnv(
      testEnv({
        RESO_API_URL: 'https://api.mls.example/odata',
        RESO_TOKEN_URL: 'https://auth.mls.example/oauth2/token',
        RESO_CLIENT_ID: 'client',
        RESO_CLIENT_SECRET: 'secret',
        RESO_SCOPE: 'api',
        RESO_CITIES: 'Irvine, Duluth',
        RESO_PAGE_SIZE: '100',
      }),
    )
    expect(config).toEqual({
      serviceRoot: 'https://api.mls.example/odata',
      resource: 'Property',
      credentials: {
        kind: 'client-credentials',
        tokenUrl: 'https://auth.mls.example/oauth2/token',
        clientId: 'client',
        clientSecret: 'secret',
        scope: 'api',
        clientAuth: 'auto',
      },
      states: ['CA', 'GA'],
      cities: ['Irvine', 'Duluth'],
      statuses: ['Active', 'Pending', 'ComingSoon'],
      pageSize: 100,
    })
    expect(resoConfigFromEnv(testEnv({ RESO_API_URL: 'https://api.mls.example/odata', RESO_ACCESS_TOKEN: 'abc' }))?.credentials).toEqual({
      kind: 'token',
      accessToken: 'abc',
    })
    expect(() => resoConfigFromEnv(testEnv({ RESO_API_URL: 'https://api.mls.example/odata' }))).toThrow(/no credentials/)
    expect(feedFilter({ states: ['CA'], cities: ["Coeur d'Alene"], statuses: [] })).toBe("(StateOrProvince eq 'CA') and (City eq 'Coeur d''Alene')")
  })
})
