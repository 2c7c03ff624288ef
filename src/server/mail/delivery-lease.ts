import { sql, type SqlBool } from 'kysely'
import type { AppServices } from '~/server/services'
import type { Mailer } from './mailer'

/*
 * Both outboxes (contact messages to their realtor, and the mail_outbox of confirmations,
 * alerts, replies and tours) send the same way: a row is claimed first (outbox → sending with a
 * lease), so two processes or workers never send it twice; a failure puts it back with a later
 * retry time; a sender that died mid-send loses its lease and another takes the row over. One
 * policy, so the admin's Mail outbox panel reads the same for both. Each table says only how
 * its own columns are read and written (`DeliveryRows`).
 */

/** How long a claimed mail is left to one sender before another process may take it over. */
export const SENDING_LEASE_MS = 5 * 60_000

const MAX_BACKOFF_MS = 6 * 60 * 60_000

/** `baseMs`, then twice as long after each further failed attempt, never more than `maxMs`. Shared with the CDN purge outbox. */
export function exponentialBackoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
}

/** 1, 2, 4… minutes after each failed attempt, at most six hours. */
export function nextAttemptDelayMs(attempts: number): number {
  return exponentialBackoffMs(attempts, 60_000, MAX_BACKOFF_MS)
}

export type DeliveryResult = 'sent' | 'kept' | 'bounced' | 'skipped'

/**
 * Whether a send failed because the receiving server refused the recipient for good: an SMTP
 * 5xx answer to RCPT TO (nodemailer's `EENVELOPE` naming rejected recipients), the one bounce
 * known at the moment of sending. A 4xx is "try later"; a refused login or message is our own
 * fault, never the visitor's address, and is retried like any other failure.
 */
export function isRecipientRejected(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code: unknown = Reflect.get(error, 'code')
  const responseCode: unknown = Reflect.get(error, 'responseCode')
  const rejected: unknown = Reflect.get(error, 'rejected')
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && Array.isArray(rejected) && rejected.length > 0
}

/**
 * Whether a row's time has come, over its table's state and next-attempt columns: waiting in the
 * outbox with no retry time or one passed, or claimed by a sender whose lease has run out.
 */
export function isDue(columns: { state: string; nextAttemptAt: string }, now: string) {
  const state = sql.ref(columns.state)
  const next = sql.ref(columns.nextAttemptAt)
  return sql<SqlBool>`((${state} = 'outbox' and (${next} is null or ${next} <= ${now})) or (${state} = 'sending' and ${next} <= ${now}))`
}

/** What one outbox table says about its rows; `Row` is what its sender needs to send one. */
export type DeliveryRows<Row> = {
  /** Marks the row sending until `leaseUntil` if it is due; false when another sender has it. */
  claim: (id: string, now: string, leaseUntil: string) => Promise<boolean>
  load: (id: string) => Promise<(Row & { attempts: number }) | undefined>
  /** The due rows' ids, oldest first. */
  due: (now: string, limit: number) => Promise<Array<string>>
  markSent: (id: string, attempts: number, at: string) => Promise<void>
  markKept: (id: string, attempts: number, error: string, retryAt: string) => Promise<void>
  /** Ends a row whose recipient the receiving server refused for good; a table without it retries such a row like any failure. */
  markBounced?: (id: string, attempts: number, error: string, at: string) => Promise<void>
}

/** Sends one row through `send` under a lease; never throws for a failed send. Without a mailer it stays in the outbox. */
export async function deliverLeased<Row>(
  services: AppServices,
  rows: DeliveryRows<Row>,
  id: string,
  send: (row: Row, mailer: Mailer) => Promise<void>,
): Promise<DeliveryResult> {
  const { mailer } = services
  if (!mailer) return 'kept'
  const now = services.now()
  if (!(await rows.claim(id, now.toISOString(), new Date(now.getTime() + SENDING_LEASE_MS).toISOString()))) return 'skipped'
  const row = await rows.load(id)
  if (!row) return 'skipped'
  const attempts = row.attempts + 1
  try {
    await send(row, mailer)
    await rows.markSent(id, attempts, services.now().toISOString())
    return 'sent'
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500)
    if (rows.markBounced && isRecipientRejected(error)) {
      await rows.markBounced(id, attempts, reason, services.now().toISOString())
      return 'bounced'
    }
    await rows.markKept(id, attempts, reason, new Date(services.now().getTime() + nextAttemptDelayMs(attempts)).toISOString())
    return 'kept'
  }
}

/** Sends every due row of one table, oldest first, `limit` at a time. Called on an interval. */
export async function deliverDue(
  services: AppServices,
  rows: Pick<DeliveryRows<unknown>, 'due'>,
  limit: number,
  deliverOne: (id: string) => Promise<DeliveryResult>,
): Promise<{ sent: number; kept: number; bounced: number }> {
  if (!services.mailer) return { sent: 0, kept: 0, bounced: 0 }
  const counts = { sent: 0, kept: 0, bounced: 0 }
  for (const id of await rows.due(services.now().toISOString(), limit)) {
    const result = await deliverOne(id)
    if (result !== 'skipped') counts[result] += 1
  }
  return counts
}
