import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { compressedCopies, densestBrotli, pickEncoding } from '~/server/web/compress'
import { ListedResponse, type HeaderList } from '~/server/web/listed-response'
import { collectDependencies, type PageDependencies } from './page-dependencies'
import type { StoreTarget } from './public-routes'
import type { RevisionScope, RevisionSnapshot } from './revisions'

/**
 * Public responses rendered once per version of what they show, served from memory until
 * that changes (issue 12, decision 009).
 *
 * Each entry is one response (status 200, its headers, its body as identity, brotli and gzip
 * bytes, compressed once in the thread pool) with what it was made from: the realtors it
 * read at their revisions, and the list scopes it showed at the revisions of the request
 * that made it. Every request first reads the revision counters (one coalesced query,
 * `RevisionWatch`); an entry made or checked at the current 'site' revision is served as
 * it is, any other is checked against its own dependencies and made again only if one of
 * them moved. So a save is seen at the next request of every process, and a save of one
 * realtor costs the other realtors' pages one small query each, not a render.
 *
 * A miss is rendered once per process: concurrent requests for the same key wait for it.
 */

type Encoding = 'br' | 'gzip' | 'identity'

type Variant = { body: Uint8Array<ArrayBuffer>; etag: string; headers: Record<'HIT' | 'MISS', Array<[string, string]>> }

type Entry = {
  variants: Record<Encoding, Variant>
  /** The ETags of every encoding of this version, for If-None-Match. */
  etags: ReadonlySet<string>
  bytes: number
  realtors: ReadonlyMap<string, number>
  scopes: ReadonlyMap<Exclude<RevisionScope, 'site'>, number>
  /** Made from nothing the store can name: valid only while nothing at all changes. */
  anyChange: boolean
  /** UTC day it was made (days since the epoch): pages show today's year and career length. */
  day: number
  /** Epoch ms from which it is stale by time alone (the first open house it shows ends then). */
  validUntil: number | undefined
  /** The 'site' revision at which it was last known current. */
  verifiedAt: number
  verifying?: { site: number; result: Promise<boolean> }
  /** Makes the densest brotli copy; set until the page's first hit asks for it (see `densify`). */
  denseBrotli?: () => Promise<Variant>
}

export type PageStoreOptions = {
  maxBytes: number
  revisions: () => Promise<RevisionSnapshot>
  /** Current revisions of these realtors; a deleted realtor is missing. */
  realtorRevisions: (ids: ReadonlyArray<string>) => Promise<ReadonlyMap<string, number>>
  cacheControl: { sMaxAge: number; staleWhileRevalidate: number }
  now?: () => Date
}

/** What of a request the store reads to answer it from a stored version. */
export type StoredAnswerRequest = { method: string; acceptEncoding: string | null | undefined; ifNoneMatch: string | null | undefined }

export type StoredAnswer = { status: 200 | 304; headers: HeaderList; body: Uint8Array<ArrayBuffer> | null }

export type PageStoreStats = { entries: number; bytes: number; maxBytes: number; hits: number; misses: number; renders: number }

type Rendered = { entry: Entry } | { response: Response }

/** Response headers the store sets itself, or that must not be replayed to another visitor. */
const DROPPED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-cache',
])

/** Request headers a stored response may be made from: where it was asked, nothing of who asked. */
const RENDER_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto']

const DAY_MS = 86_400_000

/** Days since the epoch, UTC: a division where a date's text was made for every request. */
function utcDay(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS)
}

/** Whether a rendered response may be shown to every visitor who asks for its key. */
function isStorable(response: Response, target: StoreTarget): boolean {
  if (response.status !== 200 || !response.body) return false
  const vary = (response.headers.get('vary') ?? '').toLowerCase().split(',')
  if (vary.some((name) => name.trim() === '*' || target.passed.includes(name.trim()))) return false
  if (response.headers.has('set-cookie') || response.headers.has('content-encoding')) return false
  const cacheControl = response.headers.get('cache-control') ?? ''
  return !/\b(?:private|no-store)\b/i.test(cacheControl)
}

/** If-None-Match against this version's tags; weak comparison, as RFC 9110 asks for GET. */
function matchesAny(ifNoneMatch: string, etags: ReadonlySet<string>): boolean {
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => etags.has(tag.trim().replace(/^W\//, '')))
}

export class PageStore {
  private readonly entries: LRUCache<string, Entry>
  /** Renders in flight by key, with the 'site' revision each began at. */
  private readonly rendering = new Map<string, { site: number; rendered: Promise<Rendered> }>()
  private readonly cacheControl: string
  private readonly now: () => Date
  private hits = 0
  private misses = 0
  private renders = 0
  /** The tail of the queue of dense brotli copies still to make (see `densify`). */
  private densifying: Promise<void> = Promise.resolve()

  constructor(private readonly options: PageStoreOptions) {
    this.entries = new LRUCache<string, Entry>({ maxSize: options.maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) })
    const { sMaxAge, staleWhileRevalidate } = options.cacheControl
    // max-age=0: a browser asks again (and gets a 304); a CDN may hold it for s-maxage.
    this.cacheControl = `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`
    this.now = options.now ?? (() => new Date())
  }

  stats(): PageStoreStats {
    return {
      entries: this.entries.size,
      bytes: this.entries.calculatedSize,
      maxBytes: this.options.maxBytes,
      hits: this.hits,
      misses: this.misses,
      renders: this.renders,
    }
  }

  /** Answers a request from the store, rendering it first when the stored version is gone or stale. */
  async respond(request: Request, target: StoreTarget, render: (request: Request) => Promise<Response>): Promise<Response> {
    const snapshot = await this.options.revisions()
    const stored = this.entries.get(target.key)
    if (stored && (await this.isCurrent(stored, snapshot))) return this.serve(request, this.hit(target.key, stored), 'HIT')
    this.misses++
    const rendered = await this.renderOnce(request, target, snapshot, render)
    if ('response' in rendered) return rendered.response
    return this.serve(request, rendered.entry, 'MISS')
  }

  /**
   * The stored answer to a request when its stored version is current, with the same checks and
   * the same answer as `respond`; undefined when `respond` would render (a miss is counted there).
   * For a caller that has no `Request` to give: the stored answers sent from Node's own request
   * (decision 059).
   */
  async storedAnswer(target: StoreTarget, request: StoredAnswerRequest): Promise<StoredAnswer | undefined> {
    const snapshot = await this.options.revisions()
    const stored = this.entries.get(target.key)
    if (!stored || !(await this.isCurrent(stored, snapshot))) return undefined
    return this.answerOf(request, this.hit(target.key, stored), 'HIT')
  }

  private hit(key: string, entry: Entry): Entry {
    this.hits++
    if (entry.denseBrotli) {
      this.densify(key, entry, entry.denseBrotli)
      entry.denseBrotli = undefined
    }
    return entry
  }

  private async isCurrent(entry: Entry, snapshot: RevisionSnapshot): Promise<boolean> {
    const now = this.now().getTime()
    if (entry.day !== utcDay(now)) return false
    if (entry.validUntil !== undefined && now >= entry.validUntil) return false
    if (entry.verifiedAt === snapshot.site) return true
    if (entry.anyChange) return false
    for (const [scope, revision] of entry.scopes) if (snapshot[scope] !== revision) return false
    if (entry.realtors.size === 0) {
      entry.verifiedAt = snapshot.site
      return true
    }
    // Many requests for a popular page arrive right after a change: one check answers them all.
    if (entry.verifying?.site !== snapshot.site) {
      const result = this.options.realtorRevisions([...entry.realtors.keys()]).then((current) => {
        const unchanged = [...entry.realtors].every(([id, revision]) => current.get(id) === revision)
        if (unchanged) entry.verifiedAt = Math.max(entry.verifiedAt, snapshot.site)
        return unchanged
      })
      entry.verifying = { site: snapshot.site, result }
    }
    return entry.verifying.result
  }

  private renderOnce(request: Request, target: StoreTarget, snapshot: RevisionSnapshot, render: (request: Request) => Promise<Response>): Promise<Rendered> {
    const inFlight = this.rendering.get(target.key)
    // A render begun at an older revision may have read what a later save changed: a request
    // that saw the later revision waits only for a render that saw it too (decision 009: a save
    // is seen at the next request; sharing any render in flight broke it under load, 3 of 80
    // requests right after a save in the bench, decision 059).
    if (inFlight && inFlight.site >= snapshot.site) {
      // A response that cannot be stored cannot be shared either: each waiter makes its own.
      return inFlight.rendered.then((rendered) => ('entry' in rendered ? rendered : this.renderFresh(request, target, snapshot, render)))
    }
    const rendered: Promise<Rendered> = this.renderFresh(request, target, snapshot, render).finally(() => {
      if (this.rendering.get(target.key)?.rendered === rendered) this.rendering.delete(target.key)
    })
    this.rendering.set(target.key, { site: snapshot.site, rendered })
    return rendered
  }

  private async renderFresh(
    request: Request,
    target: StoreTarget,
    snapshot: RevisionSnapshot,
    render: (request: Request) => Promise<Response>,
  ): Promise<Rendered> {
    const headers = new Headers()
    for (const name of [...RENDER_HEADERS, ...target.passed]) {
      const value = request.headers.get(name)
      if (value !== null) headers.set(name, value)
    }
    this.renders++
    const day = utcDay(this.now().getTime())
    const { value: response, dependencies } = await collectDependencies(() => render(new Request(target.renderUrl, { method: 'GET', headers })))
    if (!isStorable(response, target)) return { response: this.notStored(response) }
    const entry = await this.makeEntry(response, target, dependencies, snapshot, day)
    this.entries.set(target.key, entry)
    return { entry }
  }

  private notStored(response: Response): Response {
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'private, no-store')
    return response
  }

  private async makeEntry(response: Response, target: StoreTarget, dependencies: PageDependencies, snapshot: RevisionSnapshot, day: number): Promise<Entry> {
    const identity = Buffer.from(await response.arrayBuffer())
    // Once per version, so more than the 5 pages used when compressed per request; the
    // visitor who made the page waits for this one, and `densify` makes the smallest later.
    const { br, gzip: gz } = await compressedCopies(identity, { quality: 7, mode: 'text' })
    // Strong validators, one per encoding (RFC 9110 §8.8.3: each representation its own).
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 24)
    const scopes = new Map([...dependencies.scopes].map((scope) => [scope, snapshot[scope]] as const))
    const surrogateKeys = [...[...dependencies.realtors.keys()].map((id) => `realtor-${id}`), ...scopes.keys()]
    const base: Array<[string, string]> = []
    for (const [name, value] of response.headers) if (!DROPPED_HEADERS.has(name)) base.push([name, value])
    base.push(['cache-control', this.cacheControl], ['vary', ['Accept-Encoding', ...target.vary].join(', ')])
    // Names a CDN purges by (Fastly's Surrogate-Key, Cloudflare's Cache-Tag): decision 009.
    if (surrogateKeys.length > 0) base.push(['surrogate-key', surrogateKeys.join(' ')], ['cache-tag', surrogateKeys.join(',')])
    const variant = (body: Buffer, encoding: Encoding, suffix: string): Variant => {
      const etag = `"${hash}${suffix}"`
      const headers: Array<[string, string]> = [...base, ['etag', etag], ['content-length', String(body.byteLength)]]
      if (encoding !== 'identity') headers.push(['content-encoding', encoding])
      return { body: new Uint8Array(body), etag, headers: { HIT: [...headers, ['x-cache', 'HIT']], MISS: [...headers, ['x-cache', 'MISS']] } }
    }
    const variants = { identity: variant(identity, 'identity', ''), br: variant(br, 'br', '-br'), gzip: variant(gz, 'gzip', '-gz') }
    const entry: Entry = {
      variants,
      etags: new Set(Object.values(variants).map((item) => item.etag)),
      // The brotli copy only shrinks later (densify), so this stays an upper bound.
      bytes: identity.byteLength + br.byteLength + gz.byteLength + 1024,
      realtors: dependencies.realtors,
      scopes,
      anyChange: dependencies.realtors.size === 0 && dependencies.scopes.size === 0,
      day,
      validUntil: dependencies.validUntil,
      verifiedAt: snapshot.site,
    }
    entry.denseBrotli = () => densestBrotli(identity).then((dense) => variant(dense, 'br', '-br11'))
    return entry
  }

  /**
   * A stored page is sent thousands of times per version, so its brotli copy is worth
   * brotli's densest setting, which takes ~100 ms on a homepage: too long for the visitor
   * whose request made the page. The first copy (quality 7) is served at once and replaced
   * when the dense one is ready. ~8 % fewer bytes kept the demo homepage with its headers
   * inside TCP's first flight (ten segments, 14.6 KB), one round trip fewer before the
   * first paint on a phone. Only for a page asked for again (a crawler's one-off filter
   * combinations never pay), one page at a time, so a burst after an import leaves the
   * thread pool to the requests; a page replaced meanwhile is skipped.
   */
  private densify(key: string, entry: Entry, compress: () => Promise<Variant>): void {
    const previous = this.densifying
    const next = previous.then(async () => {
      if (this.entries.peek(key) !== entry) return
      try {
        const dense = await compress()
        if (dense.body.byteLength >= entry.variants.br.body.byteLength) return
        entry.variants.br = dense
        // The first copy's tag still names this version's bytes, so a 304 for it stays true.
        entry.etags = new Set([...entry.etags, dense.etag])
      } catch {
        // The first copy stays: correct, only larger.
      }
    })
    this.densifying = next
  }

  /** Resolves once every page stored so far has its dense copy (tests and benchmarks). */
  settled(): Promise<void> {
    return this.densifying
  }

  /**
   * srvx's FastResponse (the server under Start and nitro; here as ListedResponse) hands the
   * stored bytes and header list to Node as they are; a standard Response would be copied and
   * streamed in chunks, which cost two thirds of the pages per second on a 60 KB page.
   */
  private serve(request: Request, entry: Entry, outcome: 'HIT' | 'MISS'): Response {
    const answer = this.answerOf(
      { method: request.method, acceptEncoding: request.headers.get('accept-encoding'), ifNoneMatch: request.headers.get('if-none-match') },
      entry,
      outcome,
    )
    return new ListedResponse(answer.body, answer)
  }

  /** The status, headers and body a request gets from an entry. The header list is the entry's own: copy it to add to it. */
  private answerOf(request: StoredAnswerRequest, entry: Entry, outcome: 'HIT' | 'MISS'): StoredAnswer {
    const variant = entry.variants[pickEncoding(request.acceptEncoding ?? null) ?? 'identity']
    const { ifNoneMatch } = request
    if (ifNoneMatch != null && matchesAny(ifNoneMatch, entry.etags)) {
      // A 304 carries the validators and caching headers, not the representation's (RFC 9110 §15.4.5).
      const headers = variant.headers[outcome].filter(([name]) => name !== 'content-length' && name !== 'content-encoding' && name !== 'content-type')
      return { status: 304, headers, body: null }
    }
    return { status: 200, headers: variant.headers[outcome], body: request.method === 'HEAD' ? null : variant.body }
  }
}
