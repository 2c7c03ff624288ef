import { afterAll, beforeAll, expect, it } from 'vitest'
import { enforceRateLimit, pruneRateLimits, type RateLimitRule } from '../../src/server/web/rate-limit'
import type { AppServices } from '../../src/server/services'
import { createTestApp, describeOnEachDatabase, type TestApp } from './harness'

/*
 * The rate-limit counters are pruned once their window has ended, on each database: a client's
 * row goes when its window lies a whole longest window behind, a live one stays and keeps
 * counting, and pruning again finds nothing.
 */

const MINUTE: RateLimitRule = { limit: 2, windowSeconds: 60 }
const HOUR: RateLimitRule = { limit: 2, windowSeconds: 3600 }
const NOW = new Date('2026-03-10T12:20:00.000Z')

describeOnEachDatabase('Rate-limit counters pruned', (database) => {
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
  })

  afterAll(async () => {
    await app.close()
  })

  it('deletes the counters whose window has ended, keeps the live ones, and is safe to run again', async () => {
    const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000)
    // Ended: a minute's counter of two hours ago, an hour's counter of 10:50 (window 10:00–11:00).
    // Live: an hour's counter of 12:05 (window 12:00–13:00), a minute's counter of this minute, hit twice.
    await enforceRateLimit(s.db, 'prune-contact', '198.51.100.1', MINUTE, minutesAgo(120))
    await enforceRateLimit(s.db, 'prune-export', '198.51.100.2', HOUR, minutesAgo(90))
    await enforceRateLimit(s.db, 'prune-export', '198.51.100.3', HOUR, minutesAgo(15))
    await enforceRateLimit(s.db, 'prune-contact', '198.51.100.4', MINUTE, NOW)
    await enforceRateLimit(s.db, 'prune-contact', '198.51.100.4', MINUTE, NOW)

    expect(await pruneRateLimits(s.db, NOW, HOUR.windowSeconds)).toBe(2)
    const kept = await s.db.selectFrom('rateLimit').select(['key', 'count']).where('key', 'like', 'prune-%').orderBy('key').execute()
    expect(kept.map((row) => [row.key, Number(row.count)])).toEqual([
      ['prune-contact:198.51.100.4', 2],
      ['prune-export:198.51.100.3', 1],
    ])
    // The live counter still refuses the third hit of its minute.
    await expect(enforceRateLimit(s.db, 'prune-contact', '198.51.100.4', MINUTE, NOW)).rejects.toMatchObject({ status: 429 })
    expect(await pruneRateLimits(s.db, NOW, HOUR.windowSeconds)).toBe(0)
  })
})
