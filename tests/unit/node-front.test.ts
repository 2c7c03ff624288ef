import { gunzipSync } from 'node:zlib'
import { serve } from 'srvx/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { withStoredAnswers, type NodeHandler } from '~/server/http/node-front'
import { measureRequest, metricsRegistry } from '~/server/metrics/registry'
import { dependsOn, dependsOnRealtor } from '~/server/pages/page-dependencies'
import { PageStore } from '~/server/pages/page-store'
import { storeTargetFor } from '~/server/pages/public-routes'
import type { RevisionSnapshot } from '~/server/pages/revisions'
import { requestOrigin } from '~/server/site/site-context'
import { answerWithRequestLog } from '~/server/web/request-log'
import { captureLogs, type LogCapture } from '../log-capture'
import { closeAll, comparable, get, listen, type Listening } from '../node-servers'

/*
 * Stored answers sent from Node's own request (issue 49, decision 059), on real Node servers
 * over one page store: one with the Node front before the full path, one with the full path
 * alone (srvx's adapter, the request log, the metrics and the store, as src/server.ts chains
 * them). The front must answer exactly what the full path answers, and leave everything else to it.
 */

type State = { snapshot: RevisionSnapshot; realtorRevision: number; body: string; failRevisions: boolean }

const state: State = { snapshot: snapshotAt(1), realtorRevision: 1, body: '<p>v1</p>', failRevisions: false }
let renders = 0
let fullPathCalls = 0

function snapshotAt(site: number): RevisionSnapshot {
  return { site, realtors: site, listings: 1 }
}

const store = new PageStore({
  maxBytes: 10 * 1024 * 1024,
  revisions: () => (state.failRevisions ? Promise.reject(new Error('database down')) : Promise.resolve(state.snapshot)),
  realtorRevisions: () => Promise.resolve(new Map([['r1', state.realtorRevision]])),
  cacheControl: { sMaxAge: 60, staleWhileRevalidate: 30 },
})

function render(request: Request): Promise<Response> {
  renders++
  dependsOnRealtor('r1', state.realtorRevision)
  dependsOn('listings')
  const html = `<!DOCTYPE html>${state.body}${'<p>padding</p>'.repeat(60)}${new URL(request.url).search}`
  return Promise.resolve(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'SAMEORIGIN' } }))
}

/**
 * The full path for this test: srvx's Node handler, as scripts/serve.mjs has it, over what
 * src/server.ts does for a request the page store answers, and a 500 for a throw, as the
 * framework makes of one.
 */
const srvx = serve({
  manual: true,
  silent: true,
  fetch: (request: Request) => {
    fullPathCalls++
    return answerWithRequestLog(request, (logged, { url, kind }) =>
      measureRequest(
        logged,
        async (measured) => {
          const target = storeTargetFor(measured, url, requestOrigin(measured, url))
          return target
            ? store.respond(measured, target, render)
            : new Response('not stored', { status: 404, headers: { 'cache-control': 'private, no-store' } })
        },
        kind,
      ),
    ).catch(() => new Response('failed', { status: 500 }))
  },
})
const srvxHandler = srvx.node?.handler
const fullPath: NodeHandler = (request, response) => void srvxHandler?.(request, response)

let ids = 0
const withFront = withStoredAnswers(fullPath, { store: () => store, routeOf: () => undefined, newId: () => `id-${++ids}` })

async function requestsCounted(): Promise<number> {
  const metric = (await metricsRegistry.getSingleMetric('http_requests_total')?.get())?.values ?? []
  return metric
    .filter((value) => value.labels.kind === 'page' && value.labels.method === 'GET' && value.labels.status === '200')
    .reduce((sum, value) => sum + value.value, 0)
}

let front: Listening
let full: Listening
let logs: LogCapture

beforeAll(async () => {
  front = await listen(withFront)
  full = await listen(fullPath)
})

afterAll(async () => {
  await closeAll([front, full])
})

beforeEach(() => {
  logs = captureLogs('info')
  fullPathCalls = 0
})

afterEach(() => logs.stop())

describe('stored answers from Node', () => {
  it('answers a current stored page itself, with the bytes and headers the full path gives, its own id, log line and count', async () => {
    const first = await get(front.base, '/sora-park?page=1&utm_source=kakao', { 'accept-encoding': 'gzip' })
    expect(first.headers['x-cache']).toBe('MISS')
    expect(fullPathCalls).toBe(1)

    const counted = await requestsCounted()
    const rendersBefore = renders
    const fromFront = await get(front.base, '/sora-park?utm_source=naver&page=1', { 'accept-encoding': 'gzip' })
    expect(fullPathCalls).toBe(1)
    expect(renders).toBe(rendersBefore)
    const fromFull = await get(full.base, '/sora-park?page=1', { 'accept-encoding': 'gzip' })
    expect(fullPathCalls).toBe(2)

    expect(fromFront.status).toBe(200)
    expect(fromFront.headers['x-cache']).toBe('HIT')
    expect(comparable(fromFront.headers)).toEqual(comparable(fromFull.headers))
    expect(fromFront.body.equals(fromFull.body)).toBe(true)
    expect(gunzipSync(fromFront.body).toString()).toContain('<p>v1</p>')
    expect(fromFront.headers['x-request-id']).toMatch(/^id-\d+$/)

    const line = logs.withMessage('request').find((entry) => entry.reqId === fromFront.headers['x-request-id'])
    expect(line).toMatchObject({ method: 'GET', kind: 'page', status: 200 })
    expect(typeof line?.ms).toBe('number')
    // The front's request and the full path's, both counted.
    expect(await requestsCounted()).toBe(counted + 2)
  })

  it('answers If-None-Match with 304 and HEAD without a body, as the full path does', async () => {
    await get(front.base, '/en/sora-park')
    const page = await get(front.base, '/en/sora-park', { 'accept-encoding': 'br' })
    const calls = fullPathCalls
    const etag = String(page.headers.etag)
    const notModified = await get(front.base, '/en/sora-park', { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` })
    const notModifiedFull = await get(full.base, '/en/sora-park', { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` })
    expect(notModified.status).toBe(304)
    expect(notModified.body.byteLength).toBe(0)
    expect(comparable(notModified.headers)).toEqual(comparable(notModifiedFull.headers))
    const head = await get(front.base, '/en/sora-park', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.byteLength).toBe(0)
    const headFull = await get(full.base, '/en/sora-park', {}, 'HEAD')
    expect(comparable(head.headers)).toEqual(comparable(headFull.headers))
    expect(Number(head.headers['content-length'])).toBeGreaterThan(800)
    // Only the comparisons with the full path went there.
    expect(fullPathCalls).toBe(calls + 2)
  })

  it('leaves a stale version to the full path, which makes the page again: a save is seen at the next request', async () => {
    await get(front.base, '/saved-page')
    expect((await get(front.base, '/saved-page')).headers['x-cache']).toBe('HIT')
    state.realtorRevision = 2
    state.body = '<p>v2</p>'
    state.snapshot = snapshotAt(2)
    const calls = fullPathCalls
    const after = await get(front.base, '/saved-page')
    expect(fullPathCalls).toBe(calls + 1)
    expect(after.headers['x-cache']).toBe('MISS')
    expect(after.body.toString()).toContain('<p>v2</p>')
  })

  it('leaves to the full path what it must judge itself, and what the store does not answer', async () => {
    await get(front.base, '/sora-park')
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/sora-park', {}, 'POST'],
      ['/', {}, 'GET'],
      ['/?lang=en', {}, 'GET'],
      ['/%E0%A4%A', {}, 'GET'],
      ['/sora-park/%7Eok', {}, 'GET'],
      ['//sora-park', {}, 'GET'],
      ['/login', {}, 'GET'],
      ['/healthz', {}, 'GET'],
      ['/sora-park', { host: 'bad host' }, 'GET'],
    ]
    for (const [path, headers, method] of cases) {
      const calls = fullPathCalls
      await get(front.base, path, headers, method)
      expect(fullPathCalls, `${method} ${path} ${JSON.stringify(headers)}`).toBe(calls + 1)
    }
  })

  it('keys by the origin the visitor asked for, as the full path does: another host is another page', async () => {
    await get(front.base, '/host-page', { host: 'a.example' })
    const calls = fullPathCalls
    expect((await get(front.base, '/host-page', { host: 'a.example' })).headers['x-cache']).toBe('HIT')
    expect(fullPathCalls).toBe(calls)
    expect((await get(front.base, '/host-page', { host: 'b.example' })).headers['x-cache']).toBe('MISS')
    // With no proxy declared in front (TRUSTED_PROXY_HOPS=0), a client's X-Forwarded-Host names nothing.
    expect((await get(front.base, '/host-page', { host: 'a.example', 'x-forwarded-host': 'c.example' })).headers['x-cache']).toBe('HIT')
    expect(fullPathCalls).toBe(calls + 1)
  })

  it('leaves the request to the full path when the revisions cannot be read', async () => {
    await get(front.base, '/down-page')
    state.failRevisions = true
    try {
      const calls = fullPathCalls
      const answer = await get(front.base, '/down-page')
      expect(fullPathCalls).toBe(calls + 1)
      expect(answer.status).toBe(500)
    } finally {
      state.failRevisions = false
    }
  })
})
