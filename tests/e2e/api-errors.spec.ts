import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import fc from 'fast-check'
import { request as rawRequest, root, startServer, type Answer, type Server } from './own-server.ts'

/*
 * Issue 32: every error the API answers is the REST API's JSON error in the reader's language,
 * whatever path served it (the page store's public reads, better-auth under /api/auth, Start's
 * server-function endpoint), against the production build.
 */

const API = '/cozying-api/v1'
const HANGUL = /[\uac00-\ud7a3]/

type Lang = 'ko' | 'en'
type Parameter = { name: string; in: string; required?: boolean; schema?: { type?: string; enum?: Array<unknown> } }
type Operation = { path: string; parameters: Array<Parameter>; secured: boolean }

/** Every GET of the served OpenAPI document, whoever added it. */
function getOperations(document: unknown): Array<Operation> {
  const paths = typeof document === 'object' && document !== null && 'paths' in document ? document.paths : undefined
  if (typeof paths !== 'object' || paths === null) throw new Error('no paths in the OpenAPI document')
  const operations: Array<Operation> = []
  for (const [template, methods] of Object.entries(paths)) {
    const get: unknown = typeof methods === 'object' && methods !== null ? Reflect.get(methods, 'get') : undefined
    if (typeof get !== 'object' || get === null) continue
    const parameters: unknown = Reflect.get(get, 'parameters')
    const security: unknown = Reflect.get(get, 'security')
    operations.push({
      path: template,
      parameters: Array.isArray(parameters) ? parameters.filter(isParameter) : [],
      secured: Array.isArray(security) && security.length > 0,
    })
  }
  return operations
}

function isParameter(value: unknown): value is Parameter {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'name') === 'string' && typeof Reflect.get(value, 'in') === 'string'
}

/**
 * Requests each operation must refuse, read from its own description: an unknown value in
 * every path parameter (404), a required query value left out, a number or choice query value
 * that is neither (400). A secured operation is asked without a token besides (401).
 */
function refusedRequests(operation: Operation): Array<string> {
  const filled = operation.path.replace(/\{[^}]+\}/g, 'no-such-key-zq9')
  const targets: Array<string> = []
  if (filled !== operation.path) targets.push(`${API}${filled}`)
  const query = operation.parameters.filter((parameter) => parameter.in === 'query')
  const required = query.filter((parameter) => parameter.required)
  const example = operation.path.replace(/\{[^}]+\}/g, 'sora-park')
  if (required.length > 0) targets.push(`${API}${example}`)
  const typed = query.find((parameter) => parameter.schema?.type === 'integer' || parameter.schema?.type === 'number' || parameter.schema?.enum)
  if (typed) {
    const others = required.filter((parameter) => parameter !== typed).map((parameter) => `&${parameter.name}=x`)
    targets.push(`${API}${example}?${typed.name}=not-one-zq9${others.join('')}`)
  }
  return targets
}

async function expectErrorIn(response: APIResponse, lang: Lang, what: string): Promise<string> {
  const text = await response.text()
  expect(response.status(), `${what}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
  expect(response.status(), `${what}: ${text.slice(0, 200)}`).toBeLessThan(500)
  expect(response.headers()['content-type'] ?? '', what).toMatch(/^application\/json/)
  expect(response.headers()['content-language'], `${what}: Content-Language`).toBe(lang)
  expect(response.headers().vary ?? '', `${what}: Vary names Accept-Language`).toMatch(/accept-language/i)
  const body: unknown = JSON.parse(text)
  expect(body, what).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }))
  const message = String(Reflect.get(body as object, 'message'))
  if (lang === 'ko') expect(message, `${what}: in Korean`).toMatch(HANGUL)
  else expect(message, `${what}: in English`).not.toMatch(HANGUL)
  return message
}

async function bothLanguages(request: APIRequestContext, method: string, target: string, headers: Record<string, string> = {}): Promise<void> {
  // Each order once: an answer kept for the first language must not be served to the second.
  for (const order of [
    ['en', 'ko'],
    ['ko', 'en'],
  ] as const) {
    const messages: Array<string> = []
    for (const lang of order) {
      const response = await request.fetch(target, { method, headers: { ...headers, 'accept-language': lang }, maxRedirects: 0 })
      messages.push(await expectErrorIn(response, lang, `${method} ${target} (${lang})`))
    }
    expect(messages[0], `${method} ${target}: two languages, two messages`).not.toBe(messages[1])
  }
}

test.describe('API errors in the reader language', () => {
  test('every GET of the OpenAPI document refuses in the language of Accept-Language, with Vary saying so', async ({ request }) => {
    const document: unknown = await (await request.get(`${API}/openapi.json`)).json()
    const operations = getOperations(document)
    for (const required of ['/realtor', '/realtor/{key}', '/home/list', '/home/{listingKey}']) {
      expect(
        operations.map((operation) => operation.path),
        'the public reads are documented',
      ).toContain(required)
    }
    for (const operation of operations) {
      const targets = refusedRequests(operation)
      if (operation.secured) targets.push(`${API}${operation.path.replace(/\{[^}]+\}/g, 'no-such-key-zq9')}`)
      expect(targets.length, `GET ${operation.path}: no request the test knows to refuse; give it a path or query parameter`).toBeGreaterThan(0)
      for (const target of targets) await bothLanguages(request, 'GET', target)
    }
  })

  test('the page store still keeps and shares public successes, which do not vary by language', async ({ request }) => {
    const first = await request.get(`${API}/realtor/sora-park`, { headers: { 'accept-language': 'en' } })
    const second = await request.get(`${API}/realtor/sora-park`, { headers: { 'accept-language': 'ko' } })
    expect([first.status(), second.status()]).toEqual([200, 200])
    expect(second.headers()['x-cache']).toBe('HIT')
    expect(second.headers().etag).toBe(first.headers().etag)
    expect(second.headers().vary ?? '').not.toMatch(/accept-language/i)
    expect(second.headers()['cache-control']).toContain('public')
  })

  test('a path the API does not have, and a method a path does not take, answer in the reader language', async ({ request }) => {
    await bothLanguages(request, 'GET', `${API}/no-such-resource`)
    await bothLanguages(request, 'PUT', `${API}/realtor/sora-park`)
    const refused = await request.fetch(`${API}/home/list`, { method: 'DELETE' })
    expect(refused.status()).toBe(405)
    expect(refused.headers().allow).toBe('GET, HEAD')
  })
})

test.describe('better-auth answers like the REST API', () => {
  test('an unknown path under /api/auth is a translated JSON 404, whatever the method', async ({ request }) => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      for (const target of ['/api/auth/no-such-endpoint', '/api/auth/sign-in/no-such-way', '/api/auth']) {
        await bothLanguages(request, method, target)
        const response = await request.fetch(target, { method, headers: { 'accept-language': 'en' } })
        expect(response.status(), `${method} ${target}`).toBe(404)
        expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
      }
    }
  })

  test('a known path asked with the wrong method is a translated JSON 405 with Allow', async ({ request }) => {
    for (const [method, target, allow] of [
      ['GET', '/api/auth/sign-in/email', 'POST'],
      ['PUT', '/api/auth/sign-up/email', 'POST'],
      ['DELETE', '/api/auth/get-session', 'GET, POST'],
      ['POST', '/api/auth/get-session', 'GET'],
    ] as const) {
      await bothLanguages(request, method, target)
      const response = await request.fetch(target, { method, headers: { 'accept-language': 'en' } })
      expect(response.status(), `${method} ${target}`).toBe(405)
      expect(response.headers().allow, `${method} ${target}`).toBe(allow)
      expect(await response.json()).toEqual({ message: 'This method is not allowed here', code: 'METHOD_NOT_ALLOWED' })
    }
  })

  test('what better-auth answers stays as it was: a session read, a sign-in refused for a wrong password', async ({ request }) => {
    const session = await request.get('/api/auth/get-session')
    expect(session.status()).toBe(200)
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: 'demo@example.com', password: 'not-the-password-2026' },
      headers: { origin: new URL(session.url()).origin },
    })
    expect(signIn.status()).toBe(401)
  })
})

// ---------------------------------------------------------------------------------------------
// Server functions: generated malformed calls against a server of the suite's own
// ---------------------------------------------------------------------------------------------

const SEED = Number(process.env.PROPERTY_SEED ?? 20261124)
const RUNS = Number(process.env.PROPERTY_RUNS ?? 400)

/** The ids of the build's server functions, as its server bundle names them. */
function builtServerFunctionIds(): Array<string> {
  const folder = path.join(root, '.output', 'server', '_ssr')
  const ids = new Set<string>()
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.mjs'))) {
    for (const match of fs.readFileSync(path.join(folder, file), 'utf8').matchAll(/"([0-9a-f]{64})":\s*\{\s*functionName:/g)) ids.add(match[1] ?? '')
  }
  return [...ids].filter(Boolean)
}

const garbage = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', '.', '..', 'zzz', '%', '%zz', '{', 'null', '[]', '{}', '\u0000', 'a'.repeat(3000)),
)

/** Seroval-shaped JSON (what Start's client sends) with wrong node types, ids and references. */
const serovalLike = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.record({ t: fc.integer({ min: -1, max: 40 }), i: fc.integer({ min: -1, max: 5 }), s: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()) }),
    fc.record({
      t: fc.integer({ min: 0, max: 40 }),
      i: fc.integer({ min: 0, max: 5 }),
      p: fc.record({ k: fc.array(fc.constantFrom('data', 'context', '__proto__', 'x'), { maxLength: 3 }), v: fc.array(tie('node'), { maxLength: 3 }) }),
      o: fc.integer({ min: -1, max: 3 }),
    }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
})).node

const payloadText = fc.oneof(
  garbage,
  fc.json({ maxDepth: 3 }),
  serovalLike.map((node) => JSON.stringify(node)),
)

function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')
}

type Call = { method: string; target: string; headers: Record<string, string>; body: string | undefined }

function malformedCall(ids: Array<string>, base: string): fc.Arbitrary<Call> {
  return fc
    .record({
      id: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ids) },
        { weight: 1, arbitrary: garbage.map((text) => percentEncoded(text)) },
        { weight: 1, arbitrary: fc.constantFrom('', '.', 'abc', 'a'.repeat(64), `${ids[0] ?? ''}x`, `${ids[0] ?? ''}/extra`) },
      ),
      method: fc.constantFrom('GET', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'),
      payload: fc.option(payloadText, { nil: undefined }),
      body: fc.option(payloadText, { nil: undefined }),
      contentType: fc.constantFrom(
        undefined,
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=zz',
        'multipart/form-data',
        'application/octet-stream',
      ),
      origin: fc.constantFrom(base, base, undefined, 'http://evil.example', 'null'),
      serverFnHeader: fc.boolean(),
      lang: fc.constantFrom<Lang>('ko', 'en'),
    })
    .map(({ id, method, payload, body, contentType, origin, serverFnHeader, lang }) => ({
      method,
      target: `/_serverFn/${id}${payload === undefined ? '' : `?payload=${percentEncoded(payload)}`}`,
      headers: Object.fromEntries(
        Object.entries({
          'content-type': contentType,
          origin,
          'x-tsr-serverfn': serverFnHeader ? 'true' : undefined,
          'accept-language': lang,
        }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    }))
}

/** A refusal the framework does not carry back to its client is the REST API's JSON error, translated. */
function expectRefusedLikeTheApi(call: Call, answer: Answer): void {
  const what = `${call.method} ${call.target.slice(0, 200)} ${JSON.stringify(call.headers)} (${(call.body ?? '').slice(0, 80)}): ${answer.body.slice(0, 200)}`
  expect(answer.status, what).toBeLessThan(500)
  if (answer.status < 400 || answer.headers['x-tss-serialized'] === 'true' || call.method === 'HEAD') return
  expect(answer.headers['content-type'] ?? '', what).toMatch(/^application\/json/)
  const body: unknown = JSON.parse(answer.body)
  expect(body, what).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }))
  const lang = call.headers['accept-language']
  expect(answer.headers['content-language'], what).toBe(lang)
  expect(String(Reflect.get(body as object, 'message')), what).toMatch(lang === 'ko' ? HANGUL : /^[^\uac00-\ud7a3]*$/)
}

test.describe('server functions, malformed calls', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 })
  let server: Server

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000)
    // Its own server: the generated malformed calls below, as malformed-input.spec.ts sends them,
    // would use up the shared server's limits.
    server = await startServer({ env: { WEB_CONCURRENCY: '1' } })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('the calls of the issue answer a translated 4xx JSON error', async () => {
    const [someId = ''] = builtServerFunctionIds()
    const cases: Array<Call> = [
      { method: 'POST', target: '/_serverFn/.?payload=zzz', headers: { origin: server.base }, body: undefined },
      { method: 'GET', target: '/_serverFn/', headers: { origin: server.base }, body: undefined },
      { method: 'POST', target: '/_serverFn/abc', headers: { origin: server.base, 'content-type': 'application/json' }, body: '{}' },
      { method: 'PUT', target: `/_serverFn/${someId}`, headers: { origin: server.base }, body: undefined },
      { method: 'GET', target: `/_serverFn/${someId}?payload=zzz`, headers: { origin: server.base }, body: undefined },
      { method: 'GET', target: `/_serverFn/${someId}?payload=%7B%22t%22%3A99%7D`, headers: { origin: server.base }, body: undefined },
      { method: 'POST', target: `/_serverFn/${someId}`, headers: { origin: server.base, 'content-type': 'application/json' }, body: '{"t":' },
    ]
    for (const call of cases) {
      for (const lang of ['ko', 'en'] as const) {
        const sent = { ...call, headers: { ...call.headers, 'accept-language': lang } }
        const answer = await rawRequest(server, sent.method, sent.target, { headers: sent.headers, rawBody: sent.body, timeoutMs: 10_000 })
        expect(answer.status, `${call.method} ${call.target}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
        expect(answer.headers['x-tss-serialized'], `${call.method} ${call.target}: our error, not the framework's`).toBeUndefined()
        expectRefusedLikeTheApi(sent, answer)
      }
    }
  })

  test('no generated malformed call gets a 5xx', async () => {
    const ids = builtServerFunctionIds()
    expect(ids.length, 'precondition: the build names its server functions').toBeGreaterThan(5)
    const started = Date.now()
    await fc.assert(
      fc.asyncProperty(malformedCall(ids, server.base), async (call) => {
        // A declared length: Node's client frames no body of an OPTIONS or DELETE by itself.
        const framing: Record<string, string> = call.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(call.body)) }
        const answer = await rawRequest(server, call.method, call.target, { headers: { ...call.headers, ...framing }, rawBody: call.body, timeoutMs: 10_000 })
        expectRefusedLikeTheApi(call, answer)
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: 180_000 },
    )
    expect(Date.now() - started).toBeLessThan(200_000)
  })
})
