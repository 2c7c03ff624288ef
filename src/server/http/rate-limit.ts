import { sql, type Kysely } from 'kysely'
import type { Database } from '~/server/db/schema'
import { errors, type AppError } from '~/server/app-error'
import { recordRateLimitRefusal } from '~/server/metrics/registry'

export type RateLimitRule = { limit: number; windowSeconds: number }

/** The fixed window `now` falls in: its start, and the seconds until the next one (at least 1, for Retry-After). */
function windowAt(rule: RateLimitRule, now: Date): { windowStart: number; retryAfterSeconds: number } {
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds)
  return { windowStart, retryAfterSeconds: Math.max(1, windowStart + rule.windowSeconds - nowSeconds) }
}

/**
 * Fixed-window counter kept in the database, so the limit holds across several app
 * processes. One atomic upsert per hit; portable between SQLite (≥ 3.35) and PostgreSQL.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const { windowStart, retryAfterSeconds } = windowAt(rule, now)
  const row = await db
    .insertInto('rateLimit')
    .values({ key, windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limit.window_start = excluded.window_start then rate_limit.count + 1 else 1 end`,
        windowStart: sql<number>`excluded.window_start`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow()
  return { allowed: Number(row.count) <= rule.limit, retryAfterSeconds }
}

/** The row a client's hits in a bucket are counted in. */
function rateLimitKey(bucket: string, clientKey: string): string {
  return `${bucket}:${clientKey}`
}

/** Whether the next hit would be allowed, without counting one. */
async function peekRateLimit(db: Kysely<Database>, key: string, rule: RateLimitRule, now: Date): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const { windowStart, retryAfterSeconds } = windowAt(rule, now)
  const row = await db.selectFrom('rateLimit').select(['windowStart', 'count']).where('key', '=', key).executeTakeFirst()
  const used = row && Number(row.windowStart) === windowStart ? Number(row.count) : 0
  return { allowed: used < rule.limit, retryAfterSeconds }
}

/**
 * Throws a 429 AppError (with Retry-After) when the caller is over the limit: the generic
 * "too many requests", or `refusal`'s own words where a limit deserves them (the data export).
 */
export async function enforceRateLimit(
  db: Kysely<Database>,
  bucket: string,
  clientKey: string,
  rule: RateLimitRule,
  now: Date,
  refusal: (retryAfterSeconds: number) => AppError = errors.rateLimited,
): Promise<void> {
  const result = await hitRateLimit(db, rateLimitKey(bucket, clientKey), rule, now)
  if (!result.allowed) {
    recordRateLimitRefusal(bucket)
    throw refusal(result.retryAfterSeconds)
  }
}

/**
 * Throws the 429 `enforceRateLimit` would throw on the next hit, without counting one: for a page
 * that wants to say "not now" before sending the browser to a download the limit would refuse.
 */
export async function refuseOverRateLimit(
  db: Kysely<Database>,
  bucket: string,
  clientKey: string,
  rule: RateLimitRule,
  now: Date,
  refusal: (retryAfterSeconds: number) => AppError = errors.rateLimited,
): Promise<void> {
  const result = await peekRateLimit(db, rateLimitKey(bucket, clientKey), rule, now)
  if (!result.allowed) throw refusal(result.retryAfterSeconds)
}
