import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { freePort, request, root, startServer, type Server } from './own-server.ts'

/*
 * The operator's endpoints on `npm start`'s launcher (issue 30 items 1 and 2, decision 041),
 * no browser: a scrape reaching either of two workers shows the requests both answered, and a
 * worker whose database cannot be reached never takes a connection.
 */

const TOKEN = 'cluster-metrics-token'
/** The launcher's workers (WEB_CONCURRENCY, set here: the default is one per core). */
const WORKERS = 2

/** The value of one sample of the exposition text (0 when the series is absent). */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0
}

test.describe('health and metrics on two workers', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let server: Server

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000)
    // Its own server: the suite's sets no METRICS_TOKEN, without which there is no scrape.
    server = await startServer({ env: { METRICS_TOKEN: TOKEN, WEB_CONCURRENCY: String(WORKERS) } })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('/healthz and /readyz answer JSON from the production server', async () => {
    const health = await request(server, 'GET', '/healthz')
    expect(health.status).toBe(200)
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' })
    const ready = await request(server, 'GET', '/readyz')
    expect(ready.status, ready.body).toBe(200)
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'ready' })
    expect((await request(server, 'GET', '/metrics')).status).toBe(401)
  })

  test('a scrape shows the requests of every worker, whichever worker answers it', async () => {
    const scrape = async () => {
      const answer = await request(server, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(answer.status, answer.body).toBe(200)
      return answer.body
    }
    const before = await scrape()
    const sent = 40
    // A new connection each: the primary hands them to the two workers in turn.
    for (let i = 0; i < sent; i++) expect((await request(server, 'GET', '/healthz')).status).toBe(200)
    for (let i = 0; i < 4; i++) {
      // Any worker may take the scrape; each answer must count all 40, not its own ~20, nor twice.
      // A worker's own readiness check (its `/readyz` before it listens, decision 041) is a health
      // request too: a worker still starting when `before` was read adds its one.
      const after = await scrape()
      const counted =
        sample(after, 'http_requests_total', 'kind="health",method="GET",status="200"') -
        sample(before, 'http_requests_total', 'kind="health",method="GET",status="200"')
      expect(counted).toBeGreaterThanOrEqual(sent)
      expect(counted).toBeLessThanOrEqual(sent + WORKERS)
    }
    const text = await scrape()
    expect(text).toContain('# TYPE page_store_requests_total counter')
    expect(text).toContain('# TYPE mail_outbox_depth gauge')
    // Read from the shared database by both workers: shown once, not doubled.
    expect(sample(text, 'mail_outbox_depth', 'kind="contact"')).toBe(0)
  })
})

test('a worker whose database cannot be reached does not listen, and says why', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-unready-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PATH: [path.join(root, 'node_modules', '.bin'), process.env.PATH ?? ''].join(path.delimiter),
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
  try {
    await expect.poll(() => log, { timeout: 30_000 }).toContain('not ready')
    expect(log).toContain('"failed":["database"]')
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(false)
      })
      socket.once('error', () => resolve(true))
    })
    expect(refused, 'nothing listens while the worker is not ready').toBe(true)
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
