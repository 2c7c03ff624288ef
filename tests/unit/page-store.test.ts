import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { dependsOn, dependsOnRealtor, dependsUntil } from '~/server/pages/page-dependencies'
import { PageStore, type PageStoreOptions } from '~/server/pages/page-store'
import { storeTargetFor } from '~/server/pages/public-routes'
import { RevisionWatch, type RevisionSnapshot } from '~/server/pages/revisions'

/*
 * The page store (issue 12, decision 009): which requests it answers and by what key, how
 * it coalesces revision reads, and how it keeps, validates and serves responses. The same
 * store on a real server, with real databases and workers, is in tests/e2e/page-store.spec.ts.
 */

const ORIGIN = 'http://realtor.test'

function target(path: string, init: RequestInit = {}) {
  const request = new Request(`${ORIGIN}${path}`, init)
  return storeTargetFor(request, new URL(request.url), ORIGIN)
}

describe('what the store answers, and its keys', () => {
  it("keys a homepage by its listing filters in the schema's order, with unknown keys and bad values dropped", () => {
    const a = target('/sora-park?page=2&type=rent&utm_source=kakao')
    const b = target('/sora-park?type=rent&page=2')
    const c = target('/sora-park?fbclid=x&type=rent&page=2&minBeds=abc')
    expect(a?.key).toBe(`${ORIGIN}/sora-park?type=rent&page=2`)
    expect(b?.key).toBe(a?.key)
    expect(c?.key).toBe(a?.key)
    // The page is made from the normalised URL, so it cannot depend on what the key left out.
    expect(a?.renderUrl).toBe(`${ORIGIN}/sora-park?type=rent&page=2`)
    expect(target('/sora-park?type=sale')?.key).not.toBe(a?.key)
  })

  it('answers public pages in both languages, listings pages and own-domain paths; nothing signed-in', () => {
    for (const path of [
      '/',
      '/en',
      '/realtors',
      '/en/realtors?state=CA',
      '/agreement',
      '/en/sora-park',
      '/sora-park/homes/CA-1',
      '/en/homes/CA-1',
      '/sora-park/agreement',
      // The full home search (issue 29), on our host and on an own domain.
      '/sora-park/homes',
      '/en/sora-park/homes?type=rent',
      '/homes',
      '/sitemap.xml',
      '/robots.txt',
    ]) {
      expect(target(path), path).toBeDefined()
    }
    for (const path of [
      '/login',
      '/en/login',
      '/process',
      '/admin',
      '/sora-park/admin',
      '/sora-park/login',
      '/en/sora-park/process',
      '/api/auth/get-session',
      '/_serverFn/abc',
      '/uploads/x.jpg',
      '/fonts/page/x.ttf',
      '/sora-park/homes/a/b',
    ]) {
      expect(target(path), path).toBeUndefined()
    }
    expect(target('/sora-park', { method: 'POST' })).toBeUndefined()
    expect(target('/sora-park', { method: 'HEAD' })).toBeDefined()
  })

  it('keys the home search by the listing filters, as the homepage', () => {
    expect(target('/sora-park/homes?page=2&type=rent&utm_source=kakao&minBeds=x')?.key).toBe(`${ORIGIN}/sora-park/homes?type=rent&page=2`)
    expect(target('/en/homes?minBeds=3')?.key).toBe(`${ORIGIN}/en/homes?minBeds=3`)
  })

  it('keys the directory by its own filters', () => {
    expect(target('/realtors?page=3&state=CA&city=Irvine&sort=x')?.key).toBe(`${ORIGIN}/realtors?state=CA&city=Irvine&page=3`)
    // The order the site's own links are written in: such a URL is already normalised.
    expect(target('/realtors?city=Irvine&state=CA')?.key).toBe(`${ORIGIN}/realtors?state=CA&city=Irvine`)
    expect(target('/realtors?state=XX')?.key).toBe(`${ORIGIN}/realtors`)
  })

  it('lets `/` vary on the language choice (it may redirect) and nothing else vary on it', () => {
    expect(target('/')?.vary).toEqual(['Cookie', 'Accept-Language'])
    expect(target('/en')?.vary).toEqual([])
    expect(target('/sora-park')?.vary).toEqual([])
  })

  it("answers the API's public reads with every query key, sorted; never its writes", () => {
    expect(target('/cozying-api/v1/home/list?city=Tustin&state=CA')?.key).toBe(`${ORIGIN}/cozying-api/v1/home/list?city=Tustin&state=CA`)
    expect(target('/cozying-api/v1/home/list?state=CA&city=Tustin')?.key).toBe(`${ORIGIN}/cozying-api/v1/home/list?city=Tustin&state=CA`)
    for (const path of ['/cozying-api/v1/realtor/sora-park', '/cozying-api/v1/realtor?state=CA', '/cozying-api/v1/home/CA-1'])
      expect(target(path), path).toBeDefined()
    for (const path of ['/cozying-api/v1/realtor-contacts', '/cozying-api/v1/openapi.json', '/cozying-api/v1/realtor/presigned-multi-file-upload']) {
      expect(target(path), path).toBeUndefined()
    }
    expect(target('/cozying-api/v1/realtor/sora-park', { method: 'PATCH' })).toBeUndefined()
  })
})

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

const snapshot = (site: number, realtors = 1, listings = 1): RevisionSnapshot => ({ site, realtors, listings })

describe('reading the revisions', () => {
  const immediate = () => new Promise((resolve) => setImmediate(resolve))
  // Two turns: the watch schedules its read one microtask after it is asked.
  const turn = async () => {
    await immediate()
    await immediate()
  }

  it('never lets a request take a read that began before it arrived, and batches the rest', async () => {
    const reads: Array<ReturnType<typeof deferred<RevisionSnapshot>>> = []
    const watch = new RevisionWatch(() => {
      const read = deferred<RevisionSnapshot>()
      reads.push(read)
      return read.promise
    })
    // Requests of one turn of the event loop share one read.
    const first = [watch.current(), watch.current(), watch.current()]
    await turn()
    expect(reads).toHaveLength(1)
    // Arrived while that read is in flight: a save acknowledged now may be missing from it.
    const second = [watch.current(), watch.current()]
    await turn()
    expect(reads).toHaveLength(1)
    reads[0]?.resolve(snapshot(1))
    expect(await Promise.all(first)).toEqual([snapshot(1), snapshot(1), snapshot(1)])
    await turn()
    expect(reads).toHaveLength(2)
    reads[1]?.resolve(snapshot(2))
    expect(await Promise.all(second)).toEqual([snapshot(2), snapshot(2)])
    // Nothing in flight: the next request gets a read of its own.
    const third = watch.current()
    await turn()
    expect(reads).toHaveLength(3)
    reads[2]?.resolve(snapshot(3))
    expect(await third).toEqual(snapshot(3))
  })

  it('recovers from a failed read', async () => {
    let calls = 0
    const watch = new RevisionWatch(() => (++calls === 1 ? Promise.reject(new Error('database gone')) : Promise.resolve(snapshot(5))))
    await expect(watch.current()).rejects.toThrow('database gone')
    expect(await watch.current()).toEqual(snapshot(5))
  })
})

type State = { snapshot: RevisionSnapshot; realtorRevision: Map<string, number>; body: string; day: Date; realtorQueries: number }
type Harness = { store: PageStore; renders: Array<Request>; state: State; render: (request: Request) => Promise<Response> }

/** A store over a render that reads one realtor and the listings, as a homepage does. */
function harness(options: Partial<PageStoreOptions> = {}, make?: (request: Request) => Promise<Response>): Harness {
  const state: State = {
    snapshot: snapshot(1),
    realtorRevision: new Map([['r1', 1]]),
    body: '<p>v1</p>',
    day: new Date('2026-11-23T10:00:00Z'),
    realtorQueries: 0,
  }
  const renders: Array<Request> = []
  const homepage = (request: Request) => {
    dependsOnRealtor('r1', state.realtorRevision.get('r1') ?? 0)
    dependsOn('listings')
    return Promise.resolve(
      new Response(`<!DOCTYPE html>${state.body}${'<p>padding</p>'.repeat(50)}${new URL(request.url).search}`, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "object-src 'none'" },
      }),
    )
  }
  const store = new PageStore({
    maxBytes: 10 * 1024 * 1024,
    revisions: () => Promise.resolve(state.snapshot),
    realtorRevisions: (ids) => {
      state.realtorQueries++
      return Promise.resolve(new Map(ids.flatMap((id) => (state.realtorRevision.has(id) ? [[id, state.realtorRevision.get(id) ?? 0] as const] : []))))
    },
    cacheControl: { sMaxAge: 60, staleWhileRevalidate: 30 },
    now: () => state.day,
    ...options,
  })
  const render = (request: Request) => {
    renders.push(request)
    return (make ?? homepage)(request)
  }
  return { store, renders, state, render }
}

async function ask(h: Harness, path = '/sora-park', init: RequestInit = {}): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, init)
  const storeTarget = storeTargetFor(request, new URL(request.url), ORIGIN)
  if (!storeTarget) throw new Error(`not a store path: ${path}`)
  return h.store.respond(request, storeTarget, h.render)
}

describe('the page store', () => {
  it('makes a page again once the first open house it shows has ended, with no write at all (issue 26)', async () => {
    const ends = '2026-11-23T12:00:00.000Z'
    const h = harness({}, () => {
      dependsOn('listings')
      dependsUntil(ends)
      dependsUntil('2026-11-23T15:00:00.000Z')
      return Promise.resolve(new Response('<!DOCTYPE html><p>open house</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }))
    })
    await ask(h)
    h.state.day = new Date('2026-11-23T11:59:59.000Z')
    expect((await ask(h)).headers.get('x-cache')).toBe('HIT')
    h.state.day = new Date(ends)
    expect((await ask(h)).headers.get('x-cache')).toBe('MISS')
    expect(h.renders).toHaveLength(2)
  })

  it('renders a page once, then serves it from memory with strong validators per encoding', async () => {
    const h = harness()
    const first = await ask(h, '/sora-park', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(first.headers.get('x-cache')).toBe('MISS')
    const second = await ask(h, '/sora-park', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(h.renders).toHaveLength(1)
    expect(second.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString()).toContain('<p>v1</p>')
    const gzip = await ask(h, '/sora-park', { headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('<p>v1</p>')
    const plain = await ask(h)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('<p>v1</p>')
    const tags = new Set([second, gzip, plain].map((response) => response.headers.get('etag')))
    expect(tags.size).toBe(3)
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/)
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30')
    expect(plain.headers.get('content-security-policy')).toBe("object-src 'none'")
    expect(plain.headers.get('surrogate-key')).toBe('realtor-r1 listings')
    expect(plain.headers.get('cache-tag')).toBe('realtor-r1,listings')
  })

  it("replaces a page's brotli copy with a denser one once it is asked for again, and still honours the first copy's tag", async () => {
    // Markup that repeats with variations, as a real page's does: brotli's densest setting finds more in it.
    const rows = Array.from({ length: 400 }, (_, index) => `<li class="card-${index % 7}"><a href="/sora-park/homes/CA-${index * 37}">Home ${index}</a></li>`)
    const h = harness({}, () =>
      Promise.resolve(new Response(`<!DOCTYPE html><ul>${rows.join('')}</ul>`, { headers: { 'content-type': 'text/html; charset=utf-8' } })),
    )
    const br = { 'accept-encoding': 'br' }
    const first = await ask(h, '/sora-park', { headers: br })
    const firstTag = first.headers.get('etag') ?? ''
    const firstBytes = (await first.arrayBuffer()).byteLength
    await h.store.settled()
    // Nothing is made for a page asked for once; its first hit asks for the dense copy.
    const hit = await ask(h, '/sora-park', { headers: br })
    expect((await hit.arrayBuffer()).byteLength).toBe(firstBytes)
    await h.store.settled()
    const dense = await ask(h, '/sora-park', { headers: br })
    const denseBody = Buffer.from(await dense.arrayBuffer())
    expect(dense.headers.get('x-cache')).toBe('HIT')
    expect(denseBody.byteLength).toBeLessThan(firstBytes)
    expect(Number(dense.headers.get('content-length'))).toBe(denseBody.byteLength)
    expect(brotliDecompressSync(denseBody).toString()).toBe(`<!DOCTYPE html><ul>${rows.join('')}</ul>`)
    // Other bytes, so another strong tag; a browser holding the first copy still gets a 304.
    expect(dense.headers.get('etag')).not.toBe(firstTag)
    expect((await ask(h, '/sora-park', { headers: { ...br, 'if-none-match': firstTag } })).status).toBe(304)
    expect(h.renders).toHaveLength(1)
  })

  it('answers If-None-Match with 304 (weak comparison, any encoding of this version) and HEAD without a body', async () => {
    const h = harness()
    const etag = (await ask(h, '/sora-park', { headers: { 'accept-encoding': 'br' } })).headers.get('etag') ?? ''
    const notModified = await ask(h, '/sora-park', { headers: { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe(etag)
    expect(notModified.headers.get('cache-control')).toContain('public')
    expect(await notModified.text()).toBe('')
    expect((await ask(h, '/sora-park', { headers: { 'if-none-match': '"other", ' + etag } })).status).toBe(304)
    expect((await ask(h, '/sora-park', { headers: { 'if-none-match': '"other"' } })).status).toBe(200)
    const head = await ask(h, '/sora-park', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } })
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
    expect(await head.text()).toBe('')
    // After a change the old validator no longer matches.
    h.state.realtorRevision.set('r1', 2)
    h.state.body = '<p>v2</p>'
    h.state.snapshot = snapshot(2, 2)
    expect((await ask(h, '/sora-park', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } })).status).toBe(200)
  })

  it("makes a page again after its realtor's save; another realtor's save costs one check, not a render", async () => {
    const h = harness()
    await ask(h)
    // Someone else saved: 'site' and 'realtors' moved, r1 did not.
    h.state.snapshot = snapshot(2, 2)
    expect((await ask(h)).headers.get('x-cache')).toBe('HIT')
    expect(h.state.realtorQueries).toBe(1)
    expect((await ask(h)).headers.get('x-cache')).toBe('HIT')
    expect(h.state.realtorQueries).toBe(1)
    expect(h.renders).toHaveLength(1)
    // r1 saved.
    h.state.realtorRevision.set('r1', 2)
    h.state.body = '<p>v2</p>'
    h.state.snapshot = snapshot(3, 3)
    const changed = await ask(h)
    expect(changed.headers.get('x-cache')).toBe('MISS')
    expect(await changed.text()).toContain('<p>v2</p>')
    // r1 deleted.
    h.state.realtorRevision.delete('r1')
    h.state.snapshot = snapshot(4, 4)
    await ask(h)
    expect(h.renders).toHaveLength(3)
  })

  it('makes a page again when a scope it showed moves (an import), and at the start of a new day', async () => {
    const h = harness()
    await ask(h)
    h.state.snapshot = snapshot(2, 1, 2)
    expect((await ask(h)).headers.get('x-cache')).toBe('MISS')
    h.state.day = new Date('2026-11-24T00:00:01Z')
    expect((await ask(h)).headers.get('x-cache')).toBe('MISS')
    expect((await ask(h)).headers.get('x-cache')).toBe('HIT')
  })

  it('keeps a page that names no dependency only while nothing at all changes', async () => {
    const h = harness({}, () => Promise.resolve(new Response('User-agent: *', { headers: { 'content-type': 'text/plain' } })))
    await ask(h, '/robots.txt')
    expect((await ask(h, '/robots.txt')).headers.get('x-cache')).toBe('HIT')
    h.state.snapshot = snapshot(2)
    expect((await ask(h, '/robots.txt')).headers.get('x-cache')).toBe('MISS')
  })

  it('renders once for a crowd of concurrent misses', async () => {
    const gate = deferred<void>()
    const h = harness({}, async () => {
      await gate.promise
      return new Response('<p>slow</p>', { headers: { 'content-type': 'text/html' } })
    })
    const crowd = Array.from({ length: 50 }, () => ask(h))
    await new Promise((resolve) => setTimeout(resolve, 10))
    gate.resolve()
    const responses = await Promise.all(crowd)
    expect(h.renders).toHaveLength(1)
    for (const response of responses) expect(await response.text()).toBe('<p>slow</p>')
  })

  it('never hands a request a render that began before a revision it saw (a save right after the render began)', async () => {
    const gate = deferred<void>()
    const h = harness({}, async () => {
      // The render reads the realtor now, then waits: a save lands before it is done.
      const body = h.state.body
      dependsOnRealtor('r1', h.state.realtorRevision.get('r1') ?? 0)
      await gate.promise
      return new Response(`<!DOCTYPE html>${body}`, { headers: { 'content-type': 'text/html' } })
    })
    const before = ask(h)
    await new Promise((resolve) => setTimeout(resolve, 5))
    h.state.realtorRevision.set('r1', 2)
    h.state.body = '<p>v2</p>'
    h.state.snapshot = snapshot(2, 2)
    const after = ask(h)
    await new Promise((resolve) => setTimeout(resolve, 5))
    gate.resolve()
    expect(await (await before).text()).toContain('<p>v1</p>')
    expect(await (await after).text()).toContain('<p>v2</p>')
    expect(h.renders).toHaveLength(2)
    // The later render's page is the one kept.
    expect(await (await ask(h)).text()).toContain('<p>v2</p>')
  })

  it('never stores what is not for everyone: errors, a cookie, a private answer; those say no-store', async () => {
    const answers = [
      new Response('missing', { status: 404, headers: { 'content-type': 'text/html' } }),
      new Response('<p>hi</p>', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } }),
      new Response('<p>mine</p>', { headers: { 'content-type': 'text/html', 'cache-control': 'private' } }),
    ]
    for (const answer of answers) {
      const h = harness({}, () => Promise.resolve(answer.clone()))
      const first = await ask(h)
      expect(first.status).toBe(answer.status)
      expect(first.headers.get('x-cache')).toBeNull()
      await ask(h)
      expect(h.renders).toHaveLength(2)
      if (!answer.headers.has('cache-control')) expect(first.headers.get('cache-control')).toBe('private, no-store')
    }
  })

  it('renders from where the request was made, never from who made it', async () => {
    const h = harness()
    await ask(h, '/sora-park?type=rent&utm_source=x', {
      headers: { cookie: 'session=secret', authorization: 'Bearer t', 'accept-language': 'en', 'x-forwarded-host': 'jane.test', 'if-none-match': '"x"' },
    })
    const [rendered] = h.renders
    expect(rendered?.url).toBe(`${ORIGIN}/sora-park?type=rent`)
    expect(rendered?.headers.get('cookie')).toBeNull()
    expect(rendered?.headers.get('authorization')).toBeNull()
    expect(rendered?.headers.get('accept-language')).toBeNull()
    expect(rendered?.headers.get('if-none-match')).toBeNull()
    expect(rendered?.headers.get('x-forwarded-host')).toBe('jane.test')
  })

  it("passes an API read's Accept-Language to the render, and keeps only an answer that does not vary on it (issue 32)", async () => {
    const byLanguage = (request: Request) => {
      const lang = request.headers.get('accept-language') === 'en' ? 'en' : 'ko'
      const found = new URL(request.url).pathname.endsWith('/sora-park')
      return Promise.resolve(
        found
          ? new Response('{"id":"r1"}', { headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ message: lang === 'en' ? 'Not found' : '찾을 수 없습니다', code: 'NOT_FOUND' }), {
              status: 404,
              headers: { 'content-type': 'application/json', 'content-language': lang, vary: 'Accept-Language' },
            }),
      )
    }
    const h = harness({}, byLanguage)
    const english = await ask(h, '/cozying-api/v1/realtor/nobody', { headers: { 'accept-language': 'en', cookie: 'session=secret' } })
    const korean = await ask(h, '/cozying-api/v1/realtor/nobody', { headers: { 'accept-language': 'ko' } })
    expect([english.headers.get('content-language'), korean.headers.get('content-language')]).toEqual(['en', 'ko'])
    expect(english.headers.get('vary')).toBe('Accept-Language')
    expect(h.renders.map((request) => request.headers.get('cookie'))).toEqual([null, null])
    // The same answer whatever the language: made once, stored, shared, no Vary on the language.
    await ask(h, '/cozying-api/v1/realtor/sora-park', { headers: { 'accept-language': 'en' } })
    const shared = await ask(h, '/cozying-api/v1/realtor/sora-park', { headers: { 'accept-language': 'ko' } })
    expect(shared.headers.get('x-cache')).toBe('HIT')
    expect(shared.headers.get('vary')).toBe('Accept-Encoding')
    expect(h.renders).toHaveLength(3)
    // A page's render still gets no language: its language is its path.
    await ask(h, '/en/sora-park', { headers: { 'accept-language': 'ko' } })
    expect(h.renders.at(-1)?.headers.get('accept-language')).toBeNull()
  })

  it('stays within its byte bound over 5,000 distinct query strings', async () => {
    const maxBytes = 256 * 1024
    const h = harness({ maxBytes })
    for (let page = 1; page <= 500; page++) {
      for (const type of ['sale', 'rent']) {
        for (const minBeds of [1, 2, 3, 4, 5]) {
          await ask(h, `/sora-park?page=${page}&type=${type}&minBeds=${minBeds}`, { headers: { 'accept-encoding': 'br' } })
        }
      }
    }
    expect(h.renders).toHaveLength(5000)
    const stats = h.store.stats()
    expect(stats.bytes).toBeLessThanOrEqual(maxBytes)
    expect(stats.entries).toBeGreaterThan(10)
    expect(stats.entries).toBeLessThan(5000)
  }, 120_000)
})
