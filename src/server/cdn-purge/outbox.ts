import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { DbKind } from '~/server/db/database'
import type { Database } from '~/server/db/schema'
import { exponentialBackoffMs } from '~/server/mail/delivery-lease'
import { recordCdnPurgeFailure } from '~/server/metrics/registry'
import type { CdnPurgeConfig } from './config'
import type { CdnPurger, PurgeFailureReason } from './purger'
import { componentLogger } from '~/server/logging/logger'

/*
 * The CDN purge outbox (issue 30 item 4, decision 046). A change stores the surrogate keys of the
 * pages it changed in its own transaction, so a purge is asked for exactly when the change is
 * committed; a sender on any worker claims due keys, sends them to the CDN a batch at a time and
 * deletes what the CDN accepted. Like the mail outbox (mail/delivery-lease.ts) a claim is a lease:
 * two senders never send the same key for the same change, and a sender that died mid-send loses
 * its keys to another once the lease runs out.
 */

type Db = Kysely<Database> | Transaction<Database>

/** What a change needs to store its keys: the configured CDN and the clock. `AppServices` is one. */
export type PurgeContext = { config: { cdnPurge: CdnPurgeConfig }; now: () => Date }

/**
 * Stores the keys to purge, in the transaction of the change (a change rolled back stores none).
 * With `CDN_PURGE=none` nothing is stored: decision 009's log line (announcePurge) is the record.
 * A key already waiting stays one row. If a sender holds it, it may already have sent it before
 * this change was committed, so the row is taken back from that sender (its delete will not
 * match) and is due at once, dated from this change.
 */
export async function enqueuePurge(db: Db, context: PurgeContext, keys: ReadonlyArray<string>): Promise<void> {
  if (context.config.cdnPurge.vendor === 'none' || keys.length === 0) return
  const now = context.now().toISOString()
  // Sorted, so concurrent changes lock shared keys (`realtors`) in one order on PostgreSQL.
  const unique = [...new Set(keys)].sort()
  await db
    .insertInto('cdnPurgeOutbox')
    .values(unique.map((key) => ({ key, createdAt: now, availableAt: now, claimedBy: null, attempts: 0, lastError: null })))
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const held = eb('cdnPurgeOutbox.claimedBy', 'is not', null)
        return {
          // A waiting key keeps its retry time (a CDN that refuses is not asked sooner) and its age.
          availableAt: eb.case().when(held).then(eb.ref('excluded.availableAt')).else(eb.ref('cdnPurgeOutbox.availableAt')).end(),
          createdAt: eb.case().when(held).then(eb.ref('excluded.createdAt')).else(eb.ref('cdnPurgeOutbox.createdAt')).end(),
          claimedBy: null,
        }
      }),
    )
    .execute()
}

/** How long a claimed batch is left to one sender: well over a request's timeout. */
export const PURGE_LEASE_MS = 2 * 60_000

/**
 * Waits after a failed attempt. A 429, a 5xx or no answer passes soon: 5 s, doubling, at most
 * 5 minutes, or what `Retry-After` says. Any other refusal is most likely the configuration (a
 * revoked token, a wrong zone) and is not fixed by asking again soon: 1 minute, doubling, at
 * most an hour, so the keys are kept and go out once it is fixed, without hammering the API.
 */
export function purgeRetryDelayMs(attempts: number, reason: PurgeFailureReason, retryAfterMs: number | undefined): number {
  if (reason === 'rejected') return exponentialBackoffMs(attempts, 60_000, 60 * 60_000)
  // Honoured as the vendor asks, within the hour a rejection may wait at most.
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, 60 * 60_000)
  return exponentialBackoffMs(attempts, 5_000, 5 * 60_000)
}

type SenderServices = { db: Kysely<Database>; dbKind: DbKind; now: () => Date }

type ClaimedKey = { key: string; attempts: number }

/**
 * Takes up to `limit` due keys for `claimId`, oldest first, in one statement: the re-checked
 * `available_at` lets only one of two racing senders have a key. On PostgreSQL the inner select
 * skips rows another transaction holds (a sender's claim, a change still being written) rather
 * than waiting for them.
 */
async function claimDue(services: SenderServices, claimId: string, limit: number): Promise<Array<ClaimedKey>> {
  const now = services.now()
  const nowIso = now.toISOString()
  let due = services.db.selectFrom('cdnPurgeOutbox').select('key').where('availableAt', '<=', nowIso).orderBy('createdAt').orderBy('key').limit(limit)
  if (services.dbKind === 'postgres') due = due.forUpdate().skipLocked()
  const rows = await services.db
    .updateTable('cdnPurgeOutbox')
    .set({ claimedBy: claimId, availableAt: new Date(now.getTime() + PURGE_LEASE_MS).toISOString() })
    .where('key', 'in', due)
    .where('availableAt', '<=', nowIso)
    .returning(['key', 'attempts'])
    .execute()
  return rows.map((row) => ({ key: row.key, attempts: Number(row.attempts) }))
}

/** Most batches one run sends; the next run, a couple of seconds later, goes on. */
const MAX_BATCHES_PER_RUN = 50

export type PurgeRunResult = { purged: number; failed: number }

/**
 * Sends the due keys a batch at a time (the vendor's limit per request) until none is due or the
 * CDN refuses one; a refused batch is kept with its retry time and the run stops, so a
 * rate-limited API is not asked again at once. Any number of processes may run it.
 */
export async function sendDuePurges(services: SenderServices, purger: CdnPurger): Promise<PurgeRunResult> {
  const result: PurgeRunResult = { purged: 0, failed: 0 }
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const claimId = randomUUID()
    const claimed = await claimDue(services, claimId, purger.maxKeysPerRequest)
    if (claimed.length === 0) break
    const keys = claimed.map((row) => row.key)
    const outcome = await purger.purge(keys)
    if (outcome.ok) {
      // Only what this claim still holds: a key changed again since was taken back and goes again.
      await services.db.deleteFrom('cdnPurgeOutbox').where('claimedBy', '=', claimId).where('key', 'in', keys).execute()
      result.purged += keys.length
      continue
    }
    result.failed += keys.length
    recordCdnPurgeFailure(purger.vendor, outcome.reason)
    componentLogger('cdn-purge').error({ vendor: purger.vendor, keys: keys.length, reason: outcome.reason, vendorAnswer: outcome.message }, 'did not purge')
    const now = services.now().getTime()
    for (const row of claimed) {
      const attempts = row.attempts + 1
      await services.db
        .updateTable('cdnPurgeOutbox')
        .set({
          claimedBy: null,
          attempts,
          lastError: `${outcome.reason}: ${outcome.message}`.slice(0, 500),
          availableAt: new Date(now + purgeRetryDelayMs(attempts, outcome.reason, outcome.retryAfterMs)).toISOString(),
        })
        .where('key', '=', row.key)
        .where('claimedBy', '=', claimId)
        .execute()
    }
    break
  }
  return result
}

/** Keys waiting and the oldest change among them, for the metrics. */
export async function pendingPurges(db: Kysely<Database>): Promise<{ count: number; oldest: string | undefined }> {
  const row = await db
    .selectFrom('cdnPurgeOutbox')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('createdAt').as('oldest')])
    .executeTakeFirst()
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? undefined }
}
