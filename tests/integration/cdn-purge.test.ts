import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cdnPurgeConfigFrom } from '../../src/server/cdn-purge/config'
import { enqueuePurge, sendDuePurges } from '../../src/server/cdn-purge/outbox'
import type { CdnPurger } from '../../src/server/cdn-purge/purger'
import { purgerFor } from '../../src/server/cdn-purge/sender'
import { bindMetricSources } from '../../src/server/ops/app-metrics'
import { metricsRegistry } from '../../src/server/metrics/registry'
import { bumpRevisions, realtorSurrogateKeys } from '../../src/server/pages/revisions'
import type { AppServices } from '../../src/server/services'
import { CLOUDFLARE_TOKEN, CLOUDFLARE_ZONE, FASTLY_SERVICE, FASTLY_TOKEN, startFakeCloudflare, startFakeFastly, type FakeCdn } from './cdn-fakes'
import { api, createTestApp, describeOnEachDatabase, openSecondServices, signUp, testEnv, uniqueEmail, validRealtor, type TestApp } from './harness'
import { captureLogs } from '../log-capture'

/*
 * Issue 30 item 4, decision 046: a change stores its pages' surrogate keys in the purge outbox
 * in its own transaction, and the sender purges them from the configured CDN, against loopback
 * servers that implement Cloudflare's and Fastly's documented purge endpoints. On SQLite and
 * PostgreSQL.
 */

const T0 = new Date(Date.UTC(2026, 10, 27, 9, 0, 0))

function cloudflareEnv(cdn: FakeCdn): Record<string, string> {
  return { CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: CLOUDFLARE_ZONE, CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN, CLOUDFLARE_API_BASE_URL: cdn.baseUrl }
}

function fastlyEnv(cdn: FakeCdn, softPurge = 'false'): Record<string, string> {
  return {
    CDN_PURGE: 'fastly',
    FASTLY_SERVICE_ID: FASTLY_SERVICE,
    FASTLY_API_TOKEN: FASTLY_TOKEN,
    FASTLY_API_BASE_URL: cdn.baseUrl,
    FASTLY_SOFT_PURGE: softPurge,
  }
}

function purgerOf(services: AppServices): CdnPurger {
  const purger = purgerFor(services.config.cdnPurge, services.now)
  if (!purger) throw new Error('no CDN configured')
  return purger
}

type OutboxRow = { key: string; attempts: number; availableAt: string; claimedBy: string | null; lastError: string | null; createdAt: string }

async function outbox(services: AppServices): Promise<Array<OutboxRow>> {
  const rows = await services.db.selectFrom('cdnPurgeOutbox').selectAll().orderBy('key').execute()
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }))
}

async function createRealtor(app: TestApp): Promise<string> {
  const token = await signUp(app.services, uniqueEmail('cdn'))
  const created = await api<{ id: string }>(app.services, 'POST', '/realtor', { token, body: validRealtor() })
  expect(created.status, created.text).toBe(201)
  return created.body.id
}

const manyKeys = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `realtor-${prefix}-${String(index).padStart(4, '0')}`)

describeOnEachDatabase('CDN purges through Cloudflare', (database) => {
  let cdn: FakeCdn
  let app: TestApp

  beforeAll(async () => {
    cdn = await startFakeCloudflare()
    app = await createTestApp(database.name, { env: cloudflareEnv(cdn) })
  })

  afterEach(async () => {
    await app.services.db.deleteFrom('cdnPurgeOutbox').execute()
    cdn.accepted.length = 0
    cdn.refusals.length = 0
    app.clock.reset()
  })

  afterAll(async () => {
    await app.close()
    await cdn.close()
  })

  it("a realtor's save stores its keys in the outbox (once, however often it is saved), and the sender purges them by Cache-Tag", async () => {
    const token = await signUp(app.services, uniqueEmail('cdn-owner'))
    const created = await api<{ id: string }>(app.services, 'POST', '/realtor', { token, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    const id = created.body.id
    expect((await outbox(app.services)).map((row) => row.key)).toEqual([`realtor-${id}`, 'realtors'])

    const updated = await api(app.services, 'PATCH', `/realtor/${id}`, { token, body: { aboutMeEn: 'Updated for the CDN' } })
    expect(updated.status, updated.text).toBe(200)
    expect((await outbox(app.services)).map((row) => row.key)).toEqual([`realtor-${id}`, 'realtors'])

    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 2, failed: 0 })
    expect(cdn.refusals).toEqual([])
    expect(cdn.accepted.map((request) => [...request.keys].sort())).toEqual([[`realtor-${id}`, 'realtors']])
    expect(cdn.accepted[0]?.headers.authorization).toBe(`Bearer ${CLOUDFLARE_TOKEN}`)
    expect(await outbox(app.services)).toEqual([])

    // Nothing is due: no request at all.
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 0, failed: 0 })
    expect(cdn.accepted).toHaveLength(1)
  })

  it('a write that is rolled back stores no key; a save refused as invalid stores none either', async () => {
    const id = await createRealtor(app)
    await app.services.db.deleteFrom('cdnPurgeOutbox').execute()
    await expect(
      app.services.db.transaction().execute(async (trx) => {
        await bumpRevisions(trx, 'realtors')
        await enqueuePurge(trx, app.services, realtorSurrogateKeys([id]))
        throw new Error('the write fails after its keys were stored')
      }),
    ).rejects.toThrow('the write fails')
    expect(await outbox(app.services)).toEqual([])

    const token = await signUp(app.services, uniqueEmail('cdn-invalid'))
    const refused = await api(app.services, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: 'admin' }) })
    expect(refused.status).toBe(400)
    expect(await outbox(app.services)).toEqual([])
  })

  it('a deleted realtor and a post are purged too', async () => {
    const token = await signUp(app.services, uniqueEmail('cdn-delete'))
    const created = await api<{ id: string }>(app.services, 'POST', '/realtor', { token, body: validRealtor() })
    const id = created.body.id
    await sendDuePurges(app.services, purgerOf(app.services))
    const post = await api(app.services, 'POST', '/posts', {
      token,
      body: { slug: 'cdn-post', kind: 'article', titleEn: 'Post', bodyEn: '<p>Body</p>' },
    })
    expect(post.status, post.text).toBe(201)
    expect((await outbox(app.services)).map((row) => row.key)).toEqual([`realtor-${id}`, 'realtors'])
    await sendDuePurges(app.services, purgerOf(app.services))
    const deleted = await api(app.services, 'DELETE', `/realtor/${id}`, { token })
    expect(deleted.status, deleted.text).toBe(200)
    expect((await outbox(app.services)).map((row) => row.key)).toEqual([`realtor-${id}`, 'realtors'])
  })

  it('two senders on two connections purge each of 250 keys exactly once, at most 100 tags a request', async () => {
    const keys = manyKeys(250, 'race')
    for (let start = 0; start < keys.length; start += 50) {
      await app.services.db.transaction().execute((trx) => enqueuePurge(trx, app.services, keys.slice(start, start + 50)))
    }
    const second = await openSecondServices(database.name, app.services)
    try {
      const results = await Promise.all([sendDuePurges(app.services, purgerOf(app.services)), sendDuePurges(second, purgerOf(app.services))])
      expect(results.reduce((sum, result) => sum + result.purged, 0)).toBe(250)
    } finally {
      await second.close()
    }
    expect(cdn.refusals).toEqual([])
    const sent = cdn.accepted.flatMap((request) => request.keys)
    expect(sent).toHaveLength(250)
    expect([...sent].sort()).toEqual(keys)
    for (const request of cdn.accepted) expect(request.keys.length).toBeLessThanOrEqual(100)
    expect(cdn.accepted.length).toBeGreaterThanOrEqual(3)
    expect(await outbox(app.services)).toEqual([])
  })

  it('a 429 keeps the batch until its Retry-After has passed, counts a failure, then purges it', async () => {
    app.clock.set(T0)
    await enqueuePurge(app.services.db, app.services, ['listings'])
    cdn.rateLimitNext('7')
    const limitedBefore = cdn.rateLimited
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 0, failed: 1 })
    expect(cdn.rateLimited).toBe(limitedBefore + 1)
    const [kept] = await outbox(app.services)
    expect(kept).toMatchObject({ key: 'listings', attempts: 1, claimedBy: null, availableAt: new Date(T0.getTime() + 7_000).toISOString() })
    expect(kept?.lastError).toMatch(/^rate_limited: HTTP 429/)
    expect(await metricsRegistry.getSingleMetricAsString('cdn_purge_failures_total')).toMatch(
      /cdn_purge_failures_total\{vendor="cloudflare",reason="rate_limited"\} [1-9]/,
    )

    // Not before the time the CDN asked for.
    app.clock.advance(6_000)
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 0, failed: 0 })
    expect(cdn.accepted).toEqual([])
    app.clock.advance(1_000)
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 1, failed: 0 })
    expect(cdn.accepted.map((request) => request.keys)).toEqual([['listings']])
    expect(await outbox(app.services)).toEqual([])
  })

  it('a refused token keeps the keys, with a longer wait, and says why', async () => {
    app.clock.set(T0)
    await enqueuePurge(app.services.db, app.services, ['realtors'])
    const config = app.services.config.cdnPurge
    if (config.vendor !== 'cloudflare') throw new Error('cloudflare expected')
    const wrong = purgerFor({ ...config, apiToken: 'revoked' }, app.services.now)
    if (!wrong) throw new Error('no purger')
    expect(await sendDuePurges(app.services, wrong)).toEqual({ purged: 0, failed: 1 })
    expect(cdn.refusals).toEqual(['bad authorization'])
    const [kept] = await outbox(app.services)
    expect(kept).toMatchObject({ key: 'realtors', attempts: 1, availableAt: new Date(T0.getTime() + 60_000).toISOString() })
    expect(kept?.lastError).toMatch(/^rejected: HTTP 403.*Authentication error/)
  })

  it('a key changed again while its purge is in flight is purged again', async () => {
    app.clock.set(T0)
    await enqueuePurge(app.services.db, app.services, ['realtors'])
    const held = cdn.holdNext()
    const running = sendDuePurges(app.services, purgerOf(app.services))
    await held.arrived
    // The CDN may have answered a request that arrived before this change was committed.
    app.clock.advance(5_000)
    await app.services.db.transaction().execute((trx) => enqueuePurge(trx, app.services, ['realtors']))
    held.release()
    // The run sends it once more at once: the first purge may have come before the change.
    expect(await running).toEqual({ purged: 2, failed: 0 })
    expect(cdn.accepted.map((request) => request.keys)).toEqual([['realtors'], ['realtors']])
    expect(await outbox(app.services)).toEqual([])
  })

  it('the depth and lag metrics show what waits, from the oldest change not purged', async () => {
    bindMetricSources({ services: app.services, pageStore: () => undefined })
    app.clock.set(T0)
    await enqueuePurge(app.services.db, app.services, ['listings', 'realtors'])
    app.clock.advance(3_000)
    await enqueuePurge(app.services.db, app.services, ['listings'])
    app.clock.advance(1_000)
    expect(await metricsRegistry.getSingleMetricAsString('cdn_purge_outbox_depth')).toMatch(/^cdn_purge_outbox_depth 2$/m)
    expect(await metricsRegistry.getSingleMetricAsString('cdn_purge_lag_seconds')).toMatch(/^cdn_purge_lag_seconds 4$/m)
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 2, failed: 0 })
    expect(await metricsRegistry.getSingleMetricAsString('cdn_purge_outbox_depth')).toMatch(/^cdn_purge_outbox_depth 0$/m)
    expect(await metricsRegistry.getSingleMetricAsString('cdn_purge_lag_seconds')).toMatch(/^cdn_purge_lag_seconds 0$/m)
  })
})

describeOnEachDatabase('CDN purges through Fastly', (database) => {
  let cdn: FakeCdn
  let app: TestApp

  beforeAll(async () => {
    cdn = await startFakeFastly()
    app = await createTestApp(database.name, { env: fastlyEnv(cdn, 'true') })
  })

  afterEach(async () => {
    await app.services.db.deleteFrom('cdnPurgeOutbox').execute()
    cdn.accepted.length = 0
    cdn.refusals.length = 0
    app.clock.reset()
  })

  afterAll(async () => {
    await app.close()
    await cdn.close()
  })

  it("purges a realtor's keys by Surrogate-Key with the Fastly-Key, softly when asked", async () => {
    const id = await createRealtor(app)
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 2, failed: 0 })
    expect(cdn.refusals).toEqual([])
    const [request] = cdn.accepted
    expect([...(request?.keys ?? [])].sort()).toEqual([`realtor-${id}`, 'realtors'])
    expect(request?.headers['fastly-key']).toBe(FASTLY_TOKEN)
    expect(request?.headers['fastly-soft-purge']).toBe('1')
  })

  it('300 keys go in two requests of at most 256, each key once', async () => {
    const keys = manyKeys(300, 'fastly')
    await app.services.db.transaction().execute((trx) => enqueuePurge(trx, app.services, keys))
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 300, failed: 0 })
    expect(cdn.refusals).toEqual([])
    expect(cdn.accepted.map((request) => request.keys.length)).toEqual([256, 44])
    expect(cdn.accepted.flatMap((request) => request.keys).sort()).toEqual(keys)
  })

  it('a 429 without Retry-After waits the first backoff step (5 s), then purges', async () => {
    app.clock.set(T0)
    await enqueuePurge(app.services.db, app.services, ['listings'])
    cdn.rateLimitNext(undefined)
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 0, failed: 1 })
    expect((await outbox(app.services))[0]).toMatchObject({ attempts: 1, availableAt: new Date(T0.getTime() + 5_000).toISOString() })
    expect(await metricsRegistry.getSingleMetricAsString('cdn_purge_failures_total')).toMatch(
      /cdn_purge_failures_total\{vendor="fastly",reason="rate_limited"\} [1-9]/,
    )
    app.clock.advance(5_000)
    expect(await sendDuePurges(app.services, purgerOf(app.services))).toEqual({ purged: 1, failed: 0 })
    expect(cdn.accepted.map((request) => request.keys)).toEqual([['listings']])
  })
})

describeOnEachDatabase('CDN_PURGE=none', (database) => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp(database.name)
  })

  afterAll(async () => {
    await app.close()
  })

  it('stores nothing in the outbox and logs the purge line as before', async () => {
    const logs = captureLogs('info')
    try {
      const id = await createRealtor(app)
      expect(await outbox(app.services)).toEqual([])
      expect(logs.withMessage('changed; purge surrogate keys').map((line) => line.surrogateKeys)).toContainEqual([`realtor-${id}`, 'realtors'])
    } finally {
      logs.stop()
    }
    expect(purgerFor(app.services.config.cdnPurge, app.services.now)).toBeUndefined()
  })
})

describe('CDN purge settings', () => {
  it('a vendor without its credentials stops the start, naming what is missing', () => {
    expect(() => cdnPurgeConfigFrom(testEnv({ CDN_PURGE: 'cloudflare', CLOUDFLARE_API_TOKEN: 'token' }))).toThrow(
      'CLOUDFLARE_ZONE_ID is required when CDN_PURGE=cloudflare',
    )
    expect(() => cdnPurgeConfigFrom(testEnv({ CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: 'service' }))).toThrow(
      'FASTLY_API_TOKEN is required when CDN_PURGE=fastly',
    )
    expect(cdnPurgeConfigFrom(testEnv())).toEqual({ vendor: 'none' })
    expect(cdnPurgeConfigFrom(testEnv({ CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'z', CLOUDFLARE_API_TOKEN: 't' }))).toEqual({
      vendor: 'cloudflare',
      zoneId: 'z',
      apiToken: 't',
      baseUrl: 'https://api.cloudflare.com/client/v4',
    })
  })
})
