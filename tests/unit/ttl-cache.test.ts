import { describe, expect, it } from 'vitest'
import { TtlCache } from '~/server/cache/ttl-cache'

describe('TtlCache', () => {
  it('serves a hit until the TTL passes, then loads again', async () => {
    let now = 1_000
    let loads = 0
    const cache = new TtlCache<number>(100, 10, () => now)
    const load = async () => ++loads
    expect(await cache.getOrLoad('a', load)).toBe(1)
    now += 99
    expect(await cache.getOrLoad('a', load)).toBe(1)
    now += 2
    expect(await cache.getOrLoad('a', load)).toBe(2)
  })
  it('forgets everything on clear', async () => {
    let loads = 0
    const cache = new TtlCache<number>(10_000, 10)
    await cache.getOrLoad('a', async () => ++loads)
    cache.clear()
    expect(await cache.getOrLoad('a', async () => ++loads)).toBe(2)
  })
  it('keeps at most maxEntries, dropping the oldest', async () => {
    let loads = 0
    const cache = new TtlCache<string>(10_000, 2)
    await cache.getOrLoad('a', async () => `a${++loads}`)
    await cache.getOrLoad('b', async () => `b${++loads}`)
    await cache.getOrLoad('c', async () => `c${++loads}`)
    expect(await cache.getOrLoad('b', async () => 'reloaded')).toBe('b2')
    expect(await cache.getOrLoad('a', async () => 'reloaded')).toBe('reloaded')
  })
})
