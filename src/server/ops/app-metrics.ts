import { Counter, Gauge } from 'prom-client'
import { MAIL_OUTBOX_KINDS } from '~/schemas/admin'
import { pendingPurges } from '~/server/cdn-purge/outbox'
import type { MailOutboxTable } from '~/server/db/schema'
import type { PageStoreStats } from '~/server/pages/page-store'
import type { AppServices } from '~/server/services'
import { metricsRegistry } from '~/server/metrics/registry'
import { componentLogger } from '~/server/logging/logger'
import { IMPORT_ROW_OUTCOMES, importRowTotals, lastSuccessfulImportAt } from '~/server/listings/import-runs'

/*
 * Families read at scrape time from what the process already keeps: the page store's own
 * counters, the outboxes and import runs in the database, the connection pool. Nothing is
 * counted twice on the request path for them, and figures written by another process (an
 * import run from cron, mail queued by another worker) are right at every scrape.
 */

export type MetricSources = {
  services: AppServices
  /** This process's page store, once it exists (it is made at the first public request). */
  pageStore: () => PageStoreStats | undefined
}

let sources: MetricSources | undefined

/** Where this process's scrape reads from: called once its services exist. */
export function bindMetricSources(next: MetricSources): void {
  sources = next
}

/** Every mail kind, so a dashboard sees 0 for an empty outbox rather than no series. */
const MAIL_KINDS = MAIL_OUTBOX_KINDS satisfies ReadonlyArray<MailOutboxTable['kind']>
// A mail kind added to the table without this list fails to compile here.
const everyMailKindListed: Exclude<MailOutboxTable['kind'], (typeof MAIL_KINDS)[number]> extends never ? true : false = true
void everyMailKindListed

/** Contact messages keep their own delivery state rather than a mail_outbox row (admin-mail-outbox.ts). */
const CONTACT_KIND = 'contact'

/**
 * A failed read leaves its family without samples for this scrape (each collect resets first)
 * instead of failing the whole scrape or showing the previous scrape's figures as current.
 */
async function reading(what: string, read: (current: MetricSources) => Promise<void> | void): Promise<void> {
  const current = sources
  if (!current) return
  try {
    await read(current)
  } catch (error) {
    componentLogger('metrics').error({ what, err: error }, 'a metric could not be read')
  }
}

new Counter({
  name: 'page_store_requests_total',
  help: 'Requests the page store answered, by result: hit (served from memory), miss (not current), render (made again).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
  collect() {
    // The store counts for itself; the counter shows its totals since this process started.
    const stats = sources?.pageStore()
    this.reset()
    this.inc({ result: 'hit' }, stats?.hits ?? 0)
    this.inc({ result: 'miss' }, stats?.misses ?? 0)
    this.inc({ result: 'render' }, stats?.renders ?? 0)
  },
})

new Gauge({
  name: 'page_store_bytes',
  help: "Bytes the page store holds (each worker's own store; summed across workers).",
  registers: [metricsRegistry],
  collect() {
    this.set(sources?.pageStore()?.bytes ?? 0)
  },
})

/**
 * The outbox's gauges, one series per mail kind. Every worker reads the same shared outbox: the
 * largest answer, not the sum.
 */
function outboxGauge(name: string, help: string, valueOf: (pending: { count: number; oldest: string | undefined }, now: number) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['kind'] as const,
    aggregator: 'max',
    registers: [metricsRegistry],
    async collect() {
      this.reset()
      await reading('the mail outbox', async ({ services }) => {
        const now = services.now().getTime()
        for (const [kind, pending] of await pendingMail(services)) this.set({ kind }, valueOf(pending, now))
      })
    },
  })
}

outboxGauge('mail_outbox_depth', 'Mails not sent yet, by kind (contact: messages to realtors).', ({ count }) => count)
outboxGauge('mail_outbox_oldest_age_seconds', 'Age of the oldest mail not sent yet, by kind (0: none waits).', ({ oldest }, now) =>
  oldest === undefined ? 0 : Math.max(0, (now - Date.parse(oldest)) / 1000),
)

type Pending = Map<string, { count: number; oldest: string | undefined }>

/** Both outbox families are collected at once in a scrape: they share the read in flight. */
let inFlight: { services: AppServices; read: Promise<Pending> } | undefined

function pendingMail(services: AppServices): Promise<Pending> {
  if (inFlight?.services === services) return inFlight.read
  const read = readPendingMail(services).finally(() => {
    if (inFlight?.read === read) inFlight = undefined
  })
  inFlight = { services, read }
  return read
}

async function readPendingMail(services: AppServices): Promise<Pending> {
  const { db } = services
  const [mails, contacts] = await Promise.all([
    db
      .selectFrom('mailOutbox')
      .select((eb) => ['kind', eb.fn.countAll<number | string>().as('count'), eb.fn.min('createdAt').as('oldest')])
      .where('state', '!=', 'sent')
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('contactMessage')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('createdAt').as('oldest')])
      .where('deliveryState', '!=', 'sent')
      .executeTakeFirst(),
  ])
  const pending: Pending = new Map([...MAIL_KINDS, CONTACT_KIND].map((kind) => [kind, { count: 0, oldest: undefined }]))
  for (const row of mails) pending.set(row.kind, { count: Number(row.count), oldest: row.oldest ?? undefined })
  if (contacts) pending.set(CONTACT_KIND, { count: Number(contacts.count), oldest: contacts.oldest ?? undefined })
  return pending
}

/**
 * The CDN purge outbox (decision 046): keys waiting, and how long the oldest change among them
 * has waited for its purge. Both read at scrape time from the shared table (the largest answer
 * across workers); 0 with `CDN_PURGE=none`, which stores nothing.
 */
function purgeGauge(name: string, help: string, valueOf: (pending: { count: number; oldest: string | undefined }, now: number) => number): void {
  new Gauge({
    name,
    help,
    aggregator: 'max',
    registers: [metricsRegistry],
    async collect() {
      this.reset()
      await reading('the CDN purge outbox', async ({ services }) => {
        this.set(valueOf(await pendingPurgeRead(services), services.now().getTime()))
      })
    },
  })
}

purgeGauge('cdn_purge_outbox_depth', 'Surrogate keys of changed pages not purged from the CDN yet.', ({ count }) => count)
purgeGauge('cdn_purge_lag_seconds', 'Age of the oldest change whose purge the CDN has not accepted yet (0: none waits).', ({ oldest }, now) =>
  oldest === undefined ? 0 : Math.max(0, (now - Date.parse(oldest)) / 1000),
)

/** Both purge gauges are collected in one scrape: they share the read in flight. */
let purgeRead: { services: AppServices; read: Promise<{ count: number; oldest: string | undefined }> } | undefined

function pendingPurgeRead(services: AppServices): Promise<{ count: number; oldest: string | undefined }> {
  if (purgeRead?.services === services) return purgeRead.read
  const read = pendingPurges(services.db).finally(() => {
    if (purgeRead?.read === read) purgeRead = undefined
  })
  purgeRead = { services, read }
  return read
}

new Gauge({
  name: 'listings_import_last_success_timestamp_seconds',
  help: 'When the newest successful listings import finished (Unix seconds; 0: none yet).',
  aggregator: 'max',
  registers: [metricsRegistry],
  async collect() {
    this.reset()
    await reading('the listings import runs', async ({ services }) => {
      const finishedAt = await lastSuccessfulImportAt(services.db)
      this.set(finishedAt ? Date.parse(finishedAt) / 1000 : 0)
    })
  },
})

new Counter({
  name: 'listings_import_rows_total',
  help: 'Listings rows of every recorded import run, by outcome: added, updated, unchanged (received as stored, not written), retired, failed (rejected by validation).',
  labelNames: ['outcome'] as const,
  // Read from the shared runs table by every worker: the largest answer, not the sum.
  aggregator: 'max',
  registers: [metricsRegistry],
  async collect() {
    this.reset()
    await reading('the listings import runs', async ({ services }) => {
      // Import runs are kept, never deleted, so these sums only grow: a counter.
      const totals = await importRowTotals(services.db)
      for (const outcome of IMPORT_ROW_OUTCOMES) this.inc({ outcome }, totals[outcome])
    })
  },
})

new Gauge({
  name: 'db_pool_connections',
  help: "PostgreSQL connections of the app's pools, by state: total (open), idle, waiting (queries queued for a connection). Absent on SQLite.",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const use = sources?.services.dbPoolUse?.()
    this.reset()
    if (!use) return
    this.set({ state: 'total' }, use.total)
    this.set({ state: 'idle' }, use.idle)
    this.set({ state: 'waiting' }, use.waiting)
  },
})
