import { sql, type Kysely } from 'kysely'
import type { Database } from '~/server/db/schema'
import { errors, type AppError } from '~/server/app-error'
import { repeatEvery, scheduledJob } from '~/server/logging/job-log'
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

type RateLimitCheck = (db: Kysely<Database>, key: string, rule: RateLimitRule, now: Date) => Promise<{ allowed: boolean; retryAfterSeconds: number }>

/**
 * A guard over `check` that throws a 429 AppError (with Retry-After) when the caller is over the
 * limit: the generic "too many requests", or `refusal`'s own words where a limit deserves them
 * (the data export). Only a refused hit is a refusal the metrics count; a peek refuses nothing yet.
 */
function rateLimitGuard(check: RateLimitCheck, countsRefusal: boolean) {
  return async (
    db: Kysely<Database>,
    bucket: string,
    clientKey: string,
    rule: RateLimitRule,
    now: Date,
    refusal: (retryAfterSeconds: number) => AppError = errors.rateLimited,
  ): Promise<void> => {
    const result = await check(db, rateLimitKey(bucket, clientKey), rule, now)
    if (result.allowed) return
    if (countsRefusal) recordRateLimitRefusal(bucket)
    throw refusal(result.retryAfterSeconds)
  }
}

/** Counts a hit, and throws the 429 when the caller is over the limit. */
export const enforceRateLimit = rateLimitGuard(hitRateLimit, true)

/**
 * Throws the 429 `enforceRateLimit` would throw on the next hit, without counting one: for a page
 * that wants to say "not now" before sending the browser to a download the limit would refuse.
 */
export const refuseOverRateLimit = rateLimitGuard(peekRateLimit, false)

/**
 * Deletes the counters whose window has ended. A row counts a client's hits in one window only,
 * and that client's next hit starts the next window anyway; without this every address that ever
 * signed in, wrote or uploaded kept a row for good. `longestWindowSeconds` is the longest rule's
 * window: a row that old or older has ended whatever its rule, so no live counter goes.
 * Deletes by age only, so any process may run it any number of times.
 */
export async function pruneRateLimits(db: Kysely<Database>, now: Date, longestWindowSeconds: number): Promise<number> {
  const endedBefore = Math.floor(now.getTime() / 1000) - longestWindowSeconds
  const result = await db.deleteFrom('rateLimit').where('windowStart', '<=', endedBefore).executeTakeFirst()
  return Number(result.numDeletedRows)
}

const PRUNE_INTERVAL_MS = 60 * 60_000
const FIRST_PRUNE_DELAY_MS = 3 * 60_000

/** The hourly prune, with the other scheduled jobs (worker 0). */
export function startRateLimitPrune(services: { db: Kysely<Database>; now: () => Date; config: { rateLimits: Record<string, RateLimitRule> } }): () => void {
  const longest = Math.max(...Object.values(services.config.rateLimits).map((rule) => rule.windowSeconds))
  return repeatEvery(PRUNE_INTERVAL_MS, FIRST_PRUNE_DELAY_MS, () => {
    void scheduledJob('rate-limit.prune', () => pruneRateLimits(services.db, services.now(), longest))
  })
}
