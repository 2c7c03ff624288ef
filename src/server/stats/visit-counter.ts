import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Lang } from '~/lib/lang'
import type { Database } from '~/server/db/schema'
import type { ReferrerSource } from './referrer'
import { DIRECT } from './referrer'
import { componentLogger } from '~/server/logging/logger'

/*
 * Counting in the serving process (issue 14, decision 016). A view, a message or a saved search
 * adds one to a key in memory; nothing is written per request. Every STATS_FLUSH_MS, when
 * STATS_FLUSH_EVENTS have piled up, and when the process stops, the increments go to the
 * database in one transaction: the flush's rows into `visit_event`, and each key's increment
 * added to `visit_daily` with an upsert (`views = views + excluded.views`), so every worker's
 * flushes add up in the same rows, on SQLite and PostgreSQL alike.
 */

export type PageKind = 'home' | 'listing'

export type VisitKey = {
  realtorId: string
  /** YYYY-MM-DD, UTC, of when it was counted (not when it was flushed). */
  day: string
  lang: Lang
  pageKind: PageKind
  /** '' on the homepage. */
  listingKey: string
} & ReferrerSource

type Counts = { views: number; messages: number; savedSearches: number }
type Pending = { key: VisitKey; counts: Counts; failures: number }

export type VisitCounterOptions = {
  db: Kysely<Database>
  now: () => Date
  /** Flush once this many events wait (STATS_FLUSH_EVENTS). */
  flushEvents: number
  /** Distinct keys held in memory at most; beyond, new keys wait for the next flush (dropped). */
  maxKeys?: number
}

export type FlushResult = { rows: number; views: number; dropped: number }

/** Rows per INSERT: 13 values each, far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 400
/** A key whose flush failed this often is given up (its realtor is gone, the data is bad). */
const MAX_FAILURES = 3

function keyString(key: VisitKey): string {
  return [key.realtorId, key.day, key.lang, key.pageKind, key.listingKey, key.referrerClass, key.referrerHost].join('\u0000')
}

function chunks<T>(items: ReadonlyArray<T>, size: number): Array<Array<T>> {
  const result: Array<Array<T>> = []
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size))
  return result
}

export class VisitCounter {
  private pending = new Map<string, Pending>()
  private events = 0
  private dropped = 0
  private queue: Promise<unknown> = Promise.resolve()
  private readonly maxKeys: number

  constructor(private readonly options: VisitCounterOptions) {
    this.maxKeys = options.maxKeys ?? 20_000
  }

  /** A page view by a person (bots and the realtor themself are left out before this). */
  recordView(view: { realtorId: string; lang: Lang; pageKind: PageKind; listingKey?: string; source: ReferrerSource }): void {
    this.add({ ...this.baseKey(view.realtorId, view.lang, view.pageKind, view.listingKey), ...view.source }, { views: 1, messages: 0, savedSearches: 0 })
  }

  /** A contact message stored for this realtor (inbox/contacts.ts). */
  recordMessage(realtorId: string, lang: Lang, listingKey?: string | null): void {
    this.add(
      { ...this.baseKey(realtorId, lang, listingKey ? 'listing' : 'home', listingKey ?? undefined), ...DIRECT },
      { views: 0, messages: 1, savedSearches: 0 },
    )
  }

  /** A visitor saved a search on this realtor's homepage (the saved-search feature calls this). */
  recordSavedSearch(realtorId: string, lang: Lang = 'ko'): void {
    this.add({ ...this.baseKey(realtorId, lang, 'home'), ...DIRECT }, { views: 0, messages: 0, savedSearches: 1 })
  }

  /** Events counted and not written yet. */
  pendingEvents(): number {
    return this.events
  }

  /**
   * Writes what was counted. Flushes run one after another; a failed one puts its counts back
   * for the next (a key that failed three times is given up and logged).
   */
  flush(): Promise<FlushResult> {
    const run = this.queue.then(() => this.flushNow())
    this.queue = run.catch(() => undefined)
    return run
  }

  /** Flushes every `intervalMs` until stopped; the timer never keeps the process alive. */
  start(intervalMs: number): () => void {
    const timer = setInterval(() => {
      this.flush().catch((error: unknown) => componentLogger('stats').error({ err: error }, 'flush failed'))
    }, intervalMs)
    timer.unref()
    return () => clearInterval(timer)
  }

  private baseKey(realtorId: string, lang: Lang, pageKind: PageKind, listingKey?: string): Omit<VisitKey, keyof ReferrerSource> {
    return { realtorId, day: this.options.now().toISOString().slice(0, 10), lang, pageKind, listingKey: pageKind === 'listing' ? (listingKey ?? '') : '' }
  }

  private add(key: VisitKey, counts: Counts, failures = 0): void {
    const id = keyString(key)
    const existing = this.pending.get(id)
    if (existing) {
      existing.counts.views += counts.views
      existing.counts.messages += counts.messages
      existing.counts.savedSearches += counts.savedSearches
      existing.failures = Math.max(existing.failures, failures)
    } else if (this.pending.size >= this.maxKeys) {
      // A flood of made-up keys must not grow memory without bound.
      this.dropped += counts.views + counts.messages + counts.savedSearches
      return
    } else {
      this.pending.set(id, { key, counts: { ...counts }, failures })
    }
    if (failures > 0) return
    this.events += 1
    if (this.events >= this.options.flushEvents) {
      this.flush().catch((error: unknown) => componentLogger('stats').error({ err: error }, 'flush failed'))
    }
  }

  private async flushNow(): Promise<FlushResult> {
    const batch = [...this.pending.values()]
    const dropped = this.dropped
    this.pending = new Map()
    this.events = 0
    this.dropped = 0
    if (dropped > 0) componentLogger('stats').warn({ dropped }, 'events dropped: too many distinct keys between flushes')
    if (batch.length === 0) return { rows: 0, views: 0, dropped }
    try {
      const rows = await this.write(batch)
      return { rows, views: batch.reduce((sum, item) => sum + item.counts.views, 0), dropped }
    } catch (error) {
      for (const item of batch) {
        if (item.failures + 1 < MAX_FAILURES) this.add(item.key, item.counts, item.failures + 1)
      }
      throw error
    }
  }

  /** One transaction: the flush's events and their sums, both or neither. */
  private async write(batch: ReadonlyArray<Pending>): Promise<number> {
    const flushId = randomUUID()
    const recordedAt = this.options.now().toISOString()
    return this.options.db.transaction().execute(async (trx) => {
      // A realtor deleted since the visit (or an id nobody has) would fail the whole batch.
      const ids = [...new Set(batch.map((item) => item.key.realtorId))]
      const known = new Set<string>()
      for (const part of chunks(ids, INSERT_CHUNK)) {
        for (const row of await trx.selectFrom('realtor').select('id').where('id', 'in', part).execute()) known.add(row.id)
      }
      const kept = batch.filter((item) => known.has(item.key.realtorId))
      const rows = kept.map((item, seq) => ({ flushId, seq, ...item.key, ...item.counts, recordedAt }))
      for (const part of chunks(rows, INSERT_CHUNK)) {
        await trx.insertInto('visitEvent').values(part).execute()
        await trx
          .insertInto('visitDaily')
          .values(part.map(({ flushId: _flush, seq: _seq, recordedAt: _at, ...daily }) => daily))
          .onConflict((conflict) =>
            conflict.columns(['realtorId', 'day', 'lang', 'pageKind', 'listingKey', 'referrerClass', 'referrerHost']).doUpdateSet((eb) => ({
              views: eb('visitDaily.views', '+', eb.ref('excluded.views')),
              messages: eb('visitDaily.messages', '+', eb.ref('excluded.messages')),
              savedSearches: eb('visitDaily.savedSearches', '+', eb.ref('excluded.savedSearches')),
            })),
          )
          .execute()
      }
      return rows.length
    })
  }
}
