import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { lastRunsOf } from '../../src/server/listings/home-store'
import { importFromResoFile } from '../../src/server/listings/import-file'
import { recentImportRuns } from '../../src/server/listings/import-runs'
import { readRevisions } from '../../src/server/pages/revisions'
import { anyString, createTestApp, describeOnEachDatabase, type TestApp } from './harness'

/*
 * Issue 48 item 8: importing a file identical to the last one wrote every listing again and said
 * "N updated": new `updatedAt`s, the listings revision moved (every page that shows listings
 * rendered again), a CDN purge queued and the market snapshots rewritten. An unchanged listing is
 * now counted `unchanged` and nothing is written for it; a changed one is still updated.
 */

const SAMPLE_FILE = path.resolve('tests/fixtures/reso-sample.json')
const SOURCE = 'file:feed.json'
const T0 = Date.UTC(2026, 9, 12, 9, 0, 0)
const MINUTE = 60_000

const sampleSchema = z.object({ value: z.array(z.looseObject({ ListingKey: z.string(), ListPrice: z.number(), Media: z.array(z.unknown()).optional() })) })

describeOnEachDatabase('re-importing unchanged listings', (database) => {
  let app: TestApp
  let folder: string
  let file: string

  /** Everything an import may write, but the run records: compared whole before and after. */
  async function stored() {
    const { db } = app.services
    return {
      homes: await db
        .selectFrom('home')
        .select(['listingKey', 'updatedAt', 'listPrice', 'contentHash'])
        .where('source', '=', SOURCE)
        .orderBy('listingKey')
        .execute(),
      media: await db.selectFrom('homeMedia').select(['id', 'homeId', 'mediaUrl', 'sortOrder']).orderBy('id').execute(),
      changes: await db.selectFrom('homeChange').select('id').orderBy('id').execute(),
      revisions: await readRevisions(db),
      purges: await db.selectFrom('cdnPurgeOutbox').select('key').orderBy('key').execute(),
      snapshots: await db.selectFrom('marketSnapshot').selectAll().orderBy('cityKey').execute(),
      shownRunAt: (await lastRunsOf(db, [SOURCE])).get(SOURCE),
    }
  }

  const lastRunAt = async () =>
    (await app.services.db.selectFrom('listingImportState').select('lastRunAt').where('source', '=', SOURCE).executeTakeFirstOrThrow()).lastRunAt
  const latestRun = async () => (await recentImportRuns(app.services.db, [SOURCE], 1)).get(SOURCE)?.[0]

  beforeAll(async () => {
    // A CDN is configured so that a purge is a row in the outbox; nothing sends it in this test.
    app = await createTestApp(database.name, {
      env: { CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'zone', CLOUDFLARE_API_TOKEN: 'token', CLOUDFLARE_API_BASE_URL: 'http://127.0.0.1:9' },
    })
    folder = await mkdtemp(path.join(tmpdir(), 'reso-unchanged-'))
    file = path.join(folder, 'feed.json')
    await copyFile(SAMPLE_FILE, file)
  })

  afterAll(async () => {
    await app?.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('the same file again: every listing unchanged, nothing written, no purge, no new snapshot', async () => {
    app.clock.set(new Date(T0))
    const first = await importFromResoFile(app.services, file)
    expect(first).toMatchObject({ fetched: 5, inserted: 5, updated: 0, unchanged: 0, retired: 0 })
    // The first run's purge is sent (here: taken away), so a second one would show as a new row.
    await app.services.db.deleteFrom('cdnPurgeOutbox').execute()
    const before = await stored()
    expect(before.snapshots.length).toBeGreaterThan(0)

    app.clock.set(new Date(T0 + 10 * MINUTE))
    const second = await importFromResoFile(app.services, file)
    expect(second).toEqual({
      source: SOURCE,
      fetched: 5,
      inserted: 0,
      updated: 0,
      unchanged: 5,
      rejected: [],
      retired: 0,
      lastRunAt: new Date(T0 + 10 * MINUTE).toISOString(),
      alerts: { matches: 0, mails: 0 },
    })
    expect(await stored()).toEqual(before)
    // The run is recorded, and the admin's freshness check sees it; pages keep the time they show.
    expect(await latestRun()).toMatchObject({ outcome: 'succeeded', fetched: 5, inserted: 0, updated: 0, unchanged: 5 })
    expect(await lastRunAt()).toBe(new Date(T0 + 10 * MINUTE).toISOString())
    expect(before.shownRunAt).toBe(new Date(T0).toISOString())
  })

  it('one changed field: that listing is updated, the others stay as they were', async () => {
    const before = await stored()
    const feed = sampleSchema.parse(JSON.parse(await readFile(file, 'utf8')))
    const [changed, ...rest] = feed.value
    if (!changed) throw new Error('the sample file has listings')
    await writeFile(file, JSON.stringify({ value: [{ ...changed, ListPrice: changed.ListPrice - 50_000 }, ...rest] }))

    app.clock.set(new Date(T0 + 20 * MINUTE))
    const third = await importFromResoFile(app.services, file)
    expect(third).toMatchObject({ fetched: 5, inserted: 0, updated: 1, unchanged: 4, retired: 0 })
    expect(await latestRun()).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 })

    const after = await stored()
    const now = new Date(T0 + 20 * MINUTE).toISOString()
    expect(after.homes.find((home) => home.listingKey === changed.ListingKey)).toMatchObject({ updatedAt: now, listPrice: changed.ListPrice - 50_000 })
    expect(after.homes.filter((home) => home.listingKey !== changed.ListingKey)).toEqual(before.homes.filter((home) => home.listingKey !== changed.ListingKey))
    expect(after.revisions.listings).toBeGreaterThan(before.revisions.listings)
    expect(after.purges).toEqual([{ key: 'listings' }])
    expect(after.snapshots.every((row) => row.asOf === now)).toBe(true)
    expect(after.shownRunAt).toBe(now)
    // A lower price on a listed home is what saved searches hear about.
    expect(after.changes.length).toBe(before.changes.length + 1)
  })

  it('a changed photo list is a change too', async () => {
    const feed = sampleSchema.parse(JSON.parse(await readFile(file, 'utf8')))
    const withPhotos = feed.value.findIndex((listing) => (listing.Media?.length ?? 0) > 1)
    const listing = feed.value[withPhotos]
    if (!listing) throw new Error('the sample file has a listing with photos')
    feed.value[withPhotos] = { ...listing, Media: (listing.Media ?? []).slice(1) }
    await writeFile(file, JSON.stringify(feed))
    app.clock.set(new Date(T0 + 30 * MINUTE))
    expect(await importFromResoFile(app.services, file)).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 })
  })

  it('runs that change nothing move the time pages show once it is an hour old, with one purge', async () => {
    await app.services.db.deleteFrom('cdnPurgeOutbox').execute()
    app.clock.set(new Date(T0 + 50 * MINUTE))
    const before = await stored()
    expect(await importFromResoFile(app.services, file)).toMatchObject({ updated: 0, unchanged: 5 })
    expect(await stored()).toEqual(before)

    const hourLater = new Date(T0 + 30 * MINUTE + 60 * MINUTE)
    app.clock.set(hourLater)
    expect(await importFromResoFile(app.services, file)).toMatchObject({ updated: 0, unchanged: 5 })
    const after = await stored()
    expect(after.shownRunAt).toBe(hourLater.toISOString())
    expect(after.revisions.listings).toBeGreaterThan(before.revisions.listings)
    expect(after.purges).toEqual([{ key: 'listings' }])
    // The listings themselves and the market figures are still not written.
    expect(after.homes).toEqual(before.homes)
    expect(after.snapshots).toEqual(before.snapshots)
    expect(await latestRun()).toMatchObject({ finishedAt: anyString, unchanged: 5 })
  })

  it('a listing that sells is updated with its sale: the close price and date are written too', async () => {
    const feed = sampleSchema.parse(JSON.parse(await readFile(file, 'utf8')))
    const [sold, ...rest] = feed.value
    if (!sold) throw new Error('the sample file has listings')
    await writeFile(file, JSON.stringify({ value: [{ ...sold, StandardStatus: 'Closed', ClosePrice: 1_590_000, CloseDate: '2026-10-11' }, ...rest] }))
    app.clock.set(new Date(T0 + 120 * MINUTE))
    expect(await importFromResoFile(app.services, file)).toMatchObject({ updated: 1, unchanged: 4 })
    const row = await app.services.db
      .selectFrom('home')
      .select(['standardStatus', 'closePrice', 'closeDate'])
      .where('listingKey', '=', sold.ListingKey)
      .executeTakeFirstOrThrow()
    expect({ ...row, closePrice: Number(row.closePrice) }).toEqual({ standardStatus: 'Closed', closePrice: 1_590_000, closeDate: '2026-10-11' })
  })
})
