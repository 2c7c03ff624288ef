import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/database'
import { handleApiRequest } from '../../src/server/http/api'
import { recordImportRun } from '../../src/server/listings/import-runs'
import { bindMetricSources } from '../../src/server/ops/app-metrics'
import { measureRequest } from '../../src/server/metrics/registry'
import { answerOpsRequest, type OpsContext } from '../../src/server/ops/ops-routes'
import { PageStore } from '../../src/server/pages/page-store'
import { storeTargetFor } from '../../src/server/pages/public-routes'
import { realtorRevisions } from '../../src/server/pages/revisions'
import { createServices, type AppServices } from '../../src/server/services'
import { createStorage } from '../../src/server/uploads/storage'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  ORIGIN,
  SECRET,
  signUp,
  testEnv,
  TEST_LIMITS,
  uniqueEmail,
  uniqueIp,
  uniqueSlug,
  validContact,
  validRealtor,
  type RealtorBody,
  type TestApp,
} from './harness'

/*
 * The operator's endpoints (issue 30 items 1 and 2, decision 041) on a real SQLite file and a
 * real PostgreSQL: /healthz answers whatever the database does, /readyz names the part that
 * fails (database, migrations, storage), and /metrics exists only with METRICS_TOKEN, refuses
 * another token, and shows the families with counters that move with requests.
 */

const TOKEN = 'metrics-token-0123456789'

type Answer = { status: number; headers: Headers; text: string; json: Record<string, unknown> | undefined }

async function ask(context: OpsContext, pathname: string, init: RequestInit = {}): Promise<Answer> {
  const response = await answerOpsRequest(new Request(`${ORIGIN}${pathname}`, init), pathname, context)
  if (!response) throw new Error(`${pathname} was not answered`)
  const text = await response.text()
  const json: unknown = (response.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(text) : undefined
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: typeof json === 'object' && json !== null ? Object.fromEntries(Object.entries(json)) : undefined,
  }
}

/** The value of one sample of the exposition text (0 when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = new Map(Array.from((match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g), (pair): [string, string] => [pair[1] ?? '', pair[2] ?? '']))
    // Every label named must match; a series with more labels than named still counts.
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) return Number(match[3])
  }
  return 0
}

const FAMILIES = {
  http_requests_total: 'counter',
  http_request_duration_seconds: 'histogram',
  page_store_requests_total: 'counter',
  page_store_bytes: 'gauge',
  mail_outbox_depth: 'gauge',
  mail_outbox_oldest_age_seconds: 'gauge',
  listings_import_last_success_timestamp_seconds: 'gauge',
  listings_import_rows_total: 'counter',
  rate_limit_refusals_total: 'counter',
  job_run_duration_seconds: 'histogram',
  cdn_purge_outbox_depth: 'gauge',
  cdn_purge_lag_seconds: 'gauge',
  cdn_purge_failures_total: 'counter',
} as const

describeOnEachDatabase('health and readiness', (database) => {
  let app: TestApp
  let s: AppServices
  const context = (services: AppServices): OpsContext => ({ services: () => Promise.resolve(services), metricsToken: undefined })

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
  })

  afterAll(async () => {
    await app?.close()
  })

  it('/healthz answers 200 JSON while the services cannot even start', async () => {
    const answer = await ask({ services: () => Promise.reject(new Error('down')), metricsToken: undefined }, '/healthz')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ status: 'ok' })
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  it('/readyz is 200 when the database answers, every migration ran and the storage takes a write (and leaves no file)', async () => {
    const answer = await ask(context(s), '/readyz')
    expect(answer.status, answer.text).toBe(200)
    expect(answer.json).toEqual({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } } })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const left: Array<string> = []
    for await (const object of s.storage.list('ops/')) left.push(object.key)
    expect(left).toEqual([])
  })

  it('/readyz is 503 naming the storage when it cannot be written', async () => {
    // A folder under a plain file: no user, root included, can create it.
    const blocker = path.join(app.storageDir, 'not-a-folder')
    await writeFile(blocker, 'x')
    const storage = createStorage({ driver: 'local', dir: path.join(blocker, 'uploads'), publicBaseUrl: ORIGIN, signingSecret: SECRET })
    const answer = await ask(context({ ...s, storage }), '/readyz')
    expect(answer.status, answer.text).toBe(503)
    expect(answer.json).toMatchObject({
      status: 'unready',
      failed: ['storage'],
      checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: false } },
    })
  })

  it('/readyz is 503 naming the database when it cannot be reached, and does not ask about migrations then', async () => {
    // PostgreSQL: a server nobody listens for. SQLite: its connection closed under the app.
    const gone =
      database.name === 'postgres'
        ? { database: openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/nothing' }), cleanup: () => Promise.resolve() }
        : await database.open()
    gone.database.sqlite?.close()
    try {
      const answer = await ask(context({ ...s, db: gone.database.db }), '/readyz')
      expect(answer.status, answer.text).toBe(503)
      expect(answer.json).toMatchObject({ status: 'unready', failed: ['database'], checks: { database: { ok: false }, storage: { ok: true } } })
      expect(answer.json?.checks).not.toHaveProperty('migrations')
      if (database.name === 'postgres') expect(answer.json?.checks).toMatchObject({ database: { reason: 'ECONNREFUSED' } })
    } finally {
      if (database.name === 'postgres') await gone.database.close()
      await gone.cleanup()
    }
  })

  it('/readyz is 503 naming the migrations when this build knows one the database has not run', async () => {
    const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(s.db)
    const name = last.rows[0]?.name
    if (!name) throw new Error('no migration recorded')
    const row = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration where name = ${name}`.execute(s.db)
    await sql`delete from kysely_migration where name = ${name}`.execute(s.db)
    try {
      const answer = await ask(context(s), '/readyz')
      expect(answer.status, answer.text).toBe(503)
      expect(answer.json).toMatchObject({ failed: ['migrations'], checks: { database: { ok: true }, migrations: { ok: false, reason: 'pending' } } })
    } finally {
      const restored = row.rows[0]
      if (restored) await sql`insert into kysely_migration (name, timestamp) values (${restored.name}, ${restored.timestamp})`.execute(s.db)
    }
    expect((await ask(context(s), '/readyz')).status).toBe(200)
  })

  // SQLite makes its folder and file at start: only a server can be unreachable then.
  it.skipIf(database.name === 'sqlite')('/readyz is 503 naming the database when the services could not start because it was unreachable', async () => {
    // A real start against a port nobody listens on: the start-up migration fails to connect.
    const unreachable = openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/nothing' })
    const starting = createServices({ database: unreachable, env: testEnv(), secret: SECRET })
    try {
      const answer = await ask({ services: () => starting, metricsToken: undefined }, '/readyz')
      expect(answer.status, answer.text).toBe(503)
      expect(answer.json).toEqual({ status: 'unready', failed: ['database'], checks: { database: { ok: false, reason: 'ECONNREFUSED' } } })
    } finally {
      await unreachable.close().catch(() => undefined)
    }
  })

  it('healthz, readyz and metrics are answered for GET and HEAD only, and are no realtor address', async () => {
    const posted = await ask(context(s), '/readyz', { method: 'POST' })
    expect(posted.status).toBe(405)
    expect(posted.headers.get('allow')).toBe('GET, HEAD')
    const token = await signUp(s, uniqueEmail('reserved'))
    for (const word of ['healthz', 'readyz', 'metrics', 'Metrics']) {
      const created = await api(s, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: word }) })
      expect(created.status, `${word}: ${created.text}`).toBe(400)
    }
  })
})

describeOnEachDatabase('metrics', (database) => {
  let app: TestApp
  let s: AppServices
  let store: PageStore
  const withToken = (): OpsContext => ({ services: () => Promise.resolve(s), metricsToken: TOKEN })
  const scrape = async () => {
    const answer = await ask(withToken(), '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status, answer.text).toBe(200)
    return answer.text
  }

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    store = new PageStore({
      maxBytes: 4 * 1024 * 1024,
      revisions: () => s.revisions.current(),
      realtorRevisions: (ids) => realtorRevisions(s.db, ids),
      cacheControl: { sMaxAge: 60, staleWhileRevalidate: 60 },
    })
    bindMetricSources({ services: s, pageStore: () => store.stats() })
  })

  afterAll(async () => {
    await app?.close()
  })

  it('/metrics is 404 without METRICS_TOKEN, even with a token sent', async () => {
    const answer = await ask({ services: () => Promise.resolve(s), metricsToken: undefined }, '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expectError({ status: answer.status, headers: answer.headers, body: answer.json, text: answer.text }, 404, 'NOT_FOUND')
  })

  it('/metrics is 401 without a token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const answer = await ask(withToken(), '/metrics', { headers: authorization ? { authorization } : {} })
      expectError({ status: answer.status, headers: answer.headers, body: answer.json, text: answer.text }, 401, 'UNAUTHORIZED')
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(answer.text).not.toContain('http_requests_total')
    }
  })

  it('/metrics with the token is the Prometheus text format with every family of the issue', async () => {
    const answer = await ask(withToken(), '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    for (const [name, type] of Object.entries(FAMILIES)) expect(answer.text, name).toContain(`# TYPE ${name} ${type}`)
    // Every mail kind shows, pending or not, so a dashboard sees 0 rather than nothing.
    expect(answer.text).toMatch(/^mail_outbox_depth\{kind="saved-search-alert"\} \d+$/m)
    expect(answer.text).toMatch(/^mail_outbox_depth\{kind="contact"\} \d+$/m)
    if (database.name === 'postgres') expect(answer.text).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m)
    else expect(answer.text).not.toMatch(/^db_pool_connections\{/m)
  })

  it('a database that cannot be read leaves its families without samples, and the scrape still answers', async () => {
    const unreadable = openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/nothing' })
    bindMetricSources({ services: { ...s, db: unreadable.db }, pageStore: () => store.stats() })
    try {
      const text = await scrape()
      expect(text).toContain('# TYPE mail_outbox_depth gauge')
      expect(text).not.toMatch(/^mail_outbox_depth\{/m)
      expect(text).not.toMatch(/^listings_import_rows_total\{/m)
      expect(text).toMatch(/^page_store_requests_total\{result="hit"\} \d+$/m)
    } finally {
      bindMetricSources({ services: s, pageStore: () => store.stats() })
      await unreadable.close()
    }
  })

  it('counters move with requests: HTTP by route kind, page store hits and renders, rate-limit refusals', async () => {
    const token = await signUp(s, uniqueEmail('metrics'))
    const slug = uniqueSlug('metrics')
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: slug }) })
    expect(created.status).toBe(201)
    const before = await scrape()

    const read = (pathname: string) =>
      measureRequest(new Request(`${ORIGIN}${pathname}`), async (request) => {
        const target = storeTargetFor(request, new URL(request.url), ORIGIN)
        if (!target) throw new Error(`not stored: ${pathname}`)
        return store.respond(request, target, (fresh) => handleApiRequest(fresh, { services: s, clientIp: uniqueIp() }))
      })
    for (let i = 0; i < 3; i++) expect((await read(`/cozying-api/v1/realtor/${slug}`)).status).toBe(200)
    expect((await read(`/cozying-api/v1/realtor/no-such-realtor-${slug}`)).status).toBe(404)
    // A contact over the limit from one address: refused, counted, and the accepted ones wait in the outbox (no SMTP).
    const ip = uniqueIp()
    for (let i = 0; i <= TEST_LIMITS.contact; i++) await api(s, 'POST', '/realtor-contacts', { ip, body: validContact(created.body.id) })
    await recordImportRun(s.db, {
      source: `metrics-${slug}`,
      startedAt: new Date(Date.now() - 1000),
      finishedAt: new Date(),
      outcome: 'succeeded',
      counts: { fetched: 14, inserted: 4, updated: 3, unchanged: 5, rejected: 2, retired: 1 },
    })

    const after = await scrape()
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels)
    expect(moved('http_requests_total', { kind: 'api', method: 'GET', status: '200' })).toBe(3)
    expect(moved('http_requests_total', { kind: 'api', method: 'GET', status: '404' })).toBe(1)
    expect(moved('http_request_duration_seconds_count', { kind: 'api', method: 'GET', status: '200' })).toBe(3)
    expect(moved('page_store_requests_total', { result: 'hit' })).toBe(2)
    expect(moved('page_store_requests_total', { result: 'render' })).toBe(2)
    expect(sample(after, 'page_store_bytes')).toBeGreaterThan(0)
    expect(moved('rate_limit_refusals_total', { bucket: 'contact' })).toBe(1)
    expect(moved('mail_outbox_depth', { kind: 'contact' })).toBe(TEST_LIMITS.contact)
    expect(sample(after, 'mail_outbox_oldest_age_seconds', { kind: 'contact' })).toBeGreaterThanOrEqual(0)
    expect(moved('listings_import_rows_total', { outcome: 'added' })).toBe(4)
    expect(moved('listings_import_rows_total', { outcome: 'updated' })).toBe(3)
    expect(moved('listings_import_rows_total', { outcome: 'unchanged' })).toBe(5)
    expect(moved('listings_import_rows_total', { outcome: 'retired' })).toBe(1)
    expect(moved('listings_import_rows_total', { outcome: 'failed' })).toBe(2)
    expect(sample(after, 'listings_import_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60)
    // The route kind is a short fixed word, never the address asked for.
    expect(after).not.toContain(slug)
  })
})
