import { spawn } from 'node:child_process'
import http from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiRoutePatternOf, handleApiRequest } from '../../src/server/http/api'
import { answerWithRequestLog, REQUEST_ID_HEADER } from '../../src/server/web/request-log'
import { measureRequest } from '../../src/server/metrics/registry'
import { PageStore } from '../../src/server/pages/page-store'
import { storeTargetFor } from '../../src/server/pages/public-routes'
import { realtorRevisions } from '../../src/server/pages/revisions'
import type { AppServices } from '../../src/server/services'
import { captureLogs, type LogCapture } from '../log-capture'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  ORIGIN,
  signUp,
  uniqueEmail,
  uniqueIp,
  uniqueSlug,
  validContact,
  validRealtor,
  type RealtorBody,
  type TestApp,
} from './harness'

/*
 * The request log (issue 30 item 3, decision 044) through the same layers as src/server.ts: the
 * request log outside the metrics, the metrics outside the page store, the store outside the API.
 * One JSON line per request with its fields; a stored page replayed to two visitors carries two
 * different ids; a contact message's e-mail, name, phone and text never reach the log.
 */

describeOnEachDatabase('request log', (database) => {
  let app: TestApp
  let s: AppServices
  let store: PageStore
  let logs: LogCapture

  /** The front door of src/server.ts without Start: the API and its stored public reads. */
  const front = (request: Request): Promise<Response> =>
    answerWithRequestLog(
      request,
      (logged) =>
        measureRequest(logged, (measured) => {
          const answer = (fresh: Request) => handleApiRequest(fresh, { services: s, clientIp: uniqueIp() })
          const target = storeTargetFor(measured, new URL(measured.url), ORIGIN)
          return target ? store.respond(measured, target, answer) : answer(measured)
        }),
      { routeOf: apiRoutePatternOf },
    )

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    store = new PageStore({
      maxBytes: 4 * 1024 * 1024,
      revisions: () => s.revisions.current(),
      realtorRevisions: (ids) => realtorRevisions(s.db, ids),
      cacheControl: { sMaxAge: 60, staleWhileRevalidate: 60 },
    })
  })

  afterAll(async () => {
    await app?.close()
  })

  beforeEach(() => {
    logs = captureLogs('info')
  })

  afterEach(() => {
    logs.stop()
  })

  it('writes one JSON line per request, and a stored page replayed to two visitors carries two ids', async () => {
    const token = await signUp(s, uniqueEmail('request-log'))
    const slug = uniqueSlug('request-log')
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: slug }) })
    expect(created.status).toBe(201)

    const first = await front(new Request(`${ORIGIN}/cozying-api/v1/realtor/${slug}`))
    const second = await front(new Request(`${ORIGIN}/cozying-api/v1/realtor/${slug}`))
    expect([first.status, second.status]).toEqual([200, 200])
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT'])

    const lines = logs.withMessage('request')
    expect(lines).toHaveLength(2)
    const ids = [first.headers.get(REQUEST_ID_HEADER), second.headers.get(REQUEST_ID_HEADER)]
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/)
    expect(ids[0]).not.toBe(ids[1])
    expect(lines.map((line) => line.reqId)).toEqual(ids)
    for (const line of lines) {
      expect(line).toMatchObject({ level: 30, method: 'GET', kind: 'api', route: '/cozying-api/v1/realtor/{key}', status: 200, pid: process.pid })
      expect(typeof line.ms).toBe('number')
    }
    // The realtor's address is in the path; the line names the route instead.
    expect(logs.raw.join('')).not.toContain(slug)
    // A third visitor gets the stored page with an id of its own, again.
    const third = await front(new Request(`${ORIGIN}/cozying-api/v1/realtor/${slug}`))
    expect(third.headers.get('x-cache')).toBe('HIT')
    expect(ids).not.toContain(third.headers.get(REQUEST_ID_HEADER))
  })

  it("writes a contact message's request without its e-mail, name, phone or text", async () => {
    const token = await signUp(s, uniqueEmail('request-log'))
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: uniqueSlug('request-log') }) })
    const contact = validContact(created.body.id, { email: 'request-log-visitor@example.org', message: 'Please call me about the house on Elm Street.' })
    const sent = await front(
      new Request(`${ORIGIN}/cozying-api/v1/realtor-contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(contact),
      }),
    )
    expect(sent.status).toBe(201)
    // A 404 for a realtor nobody has, with an address in the path.
    const missing = await front(new Request(`${ORIGIN}/cozying-api/v1/realtor/nobody%40example.com`))
    expect(missing.status).toBe(404)

    expect(logs.withMessage('request')).toEqual([
      expect.objectContaining({ method: 'POST', kind: 'api', route: '/cozying-api/v1/realtor-contacts', status: 201 }),
      expect.objectContaining({ method: 'GET', kind: 'api', route: '/cozying-api/v1/realtor/{key}', status: 404 }),
    ])
    const text = logs.raw.join('')
    for (const value of ['request-log-visitor@example.org', 'nobody%40example.com', 'Elm Street', 'Minji', '010-1234-5678']) expect(text).not.toContain(value)
  })
})

/**
 * The process's request lines are buffered (decision 055): these start a server that writes to
 * its real stdout, send it requests, and end it, first as `npm start` ends a worker (SIGTERM, the
 * requests finished, then exit) and then by an uncaught exception. Every line must be there,
 * though far fewer bytes than the buffer holds were written and its timer had no time to run.
 */
// A process started through Vite's module runner: seconds on a busy machine.
describe('request log of a stopping server', { timeout: 120_000 }, () => {
  type Child = {
    port: number
    stdout: () => string
    exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
    kill: (signal: NodeJS.Signals) => void
  }

  async function startServer(): Promise<Child> {
    const child = spawn(process.execPath, ['scripts/run.mjs', 'tests/fixtures/request-log-server.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    )
    const port = await new Promise<number>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        const listening = /listening (\d+)/.exec(stderr)
        if (listening?.[1]) resolve(Number(listening[1]))
      })
      void exited.then(() => reject(new Error(`the server ended before listening: ${stderr}`)))
    })
    return { port, stdout: () => stdout, exited, kill: (signal) => child.kill(signal) }
  }

  /** One request on a connection of its own, answered in full. */
  function get(port: number, path: string): Promise<number> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        })
        .on('error', reject)
    })
  }

  const requestLines = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line): unknown => JSON.parse(line))
      .filter((line) => typeof line === 'object' && line !== null && 'msg' in line && line.msg === 'request')

  it('writes every request line before it exits on SIGTERM', async () => {
    const server = await startServer()
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, index) => get(server.port, `/page-${index}`)))
    expect(statuses.every((status) => status === 200)).toBe(true)
    server.kill('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })
    const lines = requestLines(server.stdout())
    expect(lines).toHaveLength(12)
    for (const line of lines) expect(line).toMatchObject({ level: 30, method: 'GET', kind: 'page', status: 200 })
  })

  it('writes every request line before an uncaught exception ends it', async () => {
    const server = await startServer()
    for (let index = 0; index < 5; index++) expect(await get(server.port, `/page-${index}`)).toBe(200)
    void get(server.port, '/crash').catch(() => undefined)
    expect((await server.exited).code).toBe(1)
    expect(requestLines(server.stdout())).toHaveLength(5)
  })
})
