import { describe, expect, it } from 'vitest'
import { purgeRetryDelayMs } from '~/server/cdn-purge/outbox'
import { retryAfterMs } from '~/server/cdn-purge/purger'
import { exponentialBackoffMs, nextAttemptDelayMs } from '~/server/mail/delivery-lease'

/* The waits of the CDN purge outbox (decision 046) and the backoff it shares with the mail outbox. */

describe('exponential backoff', () => {
  it('doubles from its base after each attempt and stops at its cap', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => exponentialBackoffMs(attempts, 5_000, 60_000))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000])
    expect(exponentialBackoffMs(0, 5_000, 60_000)).toBe(5_000)
    expect(exponentialBackoffMs(5_000, 5_000, 60_000)).toBe(60_000)
  })

  it("keeps the mail outbox's 1, 2, 4 minutes up to six hours", () => {
    expect([1, 2, 3].map(nextAttemptDelayMs)).toEqual([60_000, 120_000, 240_000])
    expect(nextAttemptDelayMs(40)).toBe(6 * 60 * 60_000)
  })
})

describe('purge retry delays', () => {
  it('retries a 429, a 5xx or no answer soon: 5 s doubling to at most 5 minutes', () => {
    expect([1, 2, 3].map((attempts) => purgeRetryDelayMs(attempts, 'server_error', undefined))).toEqual([5_000, 10_000, 20_000])
    expect(purgeRetryDelayMs(30, 'network', undefined)).toBe(5 * 60_000)
    expect(purgeRetryDelayMs(1, 'rate_limited', undefined)).toBe(5_000)
  })

  it("honours the CDN's Retry-After, within an hour", () => {
    expect(purgeRetryDelayMs(1, 'rate_limited', 7_000)).toBe(7_000)
    expect(purgeRetryDelayMs(9, 'rate_limited', 0)).toBe(0)
    expect(purgeRetryDelayMs(1, 'rate_limited', 86_400_000)).toBe(60 * 60_000)
  })

  it('waits longer after a refusal (a token or zone to fix): 1 minute doubling to an hour', () => {
    expect([1, 2, 3].map((attempts) => purgeRetryDelayMs(attempts, 'rejected', undefined))).toEqual([60_000, 120_000, 240_000])
    expect(purgeRetryDelayMs(20, 'rejected', 1_000)).toBe(60 * 60_000)
  })
})

describe('Retry-After', () => {
  const now = new Date(Date.UTC(2026, 10, 27, 9, 0, 0))

  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('7', now)).toBe(7_000)
    expect(retryAfterMs(' 0 ', now)).toBe(0)
    expect(retryAfterMs('Fri, 27 Nov 2026 09:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('Fri, 27 Nov 2026 08:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs(null, now)).toBeUndefined()
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs('-5', now)).toBeUndefined()
  })
})
