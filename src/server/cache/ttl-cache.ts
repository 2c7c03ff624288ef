/**
 * A small in-process cache with a time to live. Used for public reads that many visitors
 * repeat (the directory): this process clears it on every write it makes, and other
 * processes catch up within the TTL, which a public listing can afford.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  async getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key)
    if (hit && hit.expires > this.now()) return hit.value
    const value = await load()
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { value, expires: this.now() + this.ttlMs })
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}
