import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import { expect, test } from '@playwright/test'
import { request, startServer, type Server } from './own-server.ts'

/*
 * Memory stays flat under input meant to exhaust it (issue 17), measured on the production
 * server's one worker (the resident set of the process that answers):
 *  - a 200 MB request body sent chunked, without Content-Length, to an anonymous endpoint is
 *    refused after its 1 MiB limit while it streams;
 *  - invented Host names (each looked up as a possible realtor's own domain) leave no more
 *    than the lookup cache's bound behind: 10,000 more of them, once the cache is full, add
 *    nothing to the live heap. The cache's bound is set to 1,000 here (HOST_LOOKUP_CACHE_ENTRIES;
 *    10,000 by default), so that filling it does not take 10,000 requests of the run's time.
 */

const MB = 1024 * 1024
/** The server's host lookup cache bound (HOST_LOOKUP_CACHE_ENTRIES). */
const HOST_CACHE_ENTRIES = 1000

function workerPid(server: Server): number {
  const primary = server.process.pid
  if (primary === undefined) throw new Error('no server process')
  const children = execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(Number)
  expect(children, 'precondition: one worker').toHaveLength(1)
  const [worker] = children
  if (worker === undefined) throw new Error('no worker')
  return worker
}

function residentBytes(pid: number): number {
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  if (kilobytes === undefined) throw new Error(`no VmRSS for ${pid}`)
  return Number(kilobytes) * 1024
}

/** Sends up to `total` bytes chunked; resolves with the status (if any) and the bytes written. */
function postChunked(server: Server, pathname: string, total: number, onChunk: () => void): Promise<{ status: number | undefined; written: number }> {
  return new Promise((resolve) => {
    let written = 0
    let status: number | undefined
    let finished = false
    const done = () => {
      if (finished) return
      finished = true
      resolve({ status, written })
    }
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: pathname,
        agent: false,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      },
      (response) => {
        status = response.statusCode
        response.resume()
        response.on('end', () => {
          outgoing.destroy()
          done()
        })
      },
    )
    outgoing.on('error', done)
    outgoing.on('close', done)
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const pump = () => {
      while (written < total && !outgoing.destroyed) {
        written += chunk.byteLength
        onChunk()
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump)
      }
      if (!outgoing.destroyed) outgoing.end()
    }
    outgoing.write('{"message":"')
    pump()
  })
}

/** The worker's inspector, which the server was started with (`--inspect=0`, a free port). */
function workerInspectorUrl(server: Server): string {
  const urls = [...server.output().matchAll(/Debugger listening on (ws:\/\/\S+)/g)].map((match) => match[1])
  // The primary starts first, then its worker; later ones are the worker's font makers.
  const url = urls[1]
  if (urls.length < 2 || url === undefined) throw new Error(`no worker inspector in:\n${server.output()}`)
  return url
}

/** The worker's live heap, in bytes, right after a full garbage collection. */
async function heapAfterCollection(server: Server): Promise<number> {
  const socket = new WebSocket(workerInspectorUrl(server))
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let nextId = 1
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++
      const onMessage = (event: MessageEvent) => {
        const message: unknown = JSON.parse(String(event.data))
        if (typeof message !== 'object' || message === null || Reflect.get(message, 'id') !== id) return
        socket.removeEventListener('message', onMessage)
        resolve(Reflect.get(message, 'result'))
      }
      socket.addEventListener('message', onMessage)
      socket.send(JSON.stringify({ id, method }))
    })
  try {
    await call('HeapProfiler.collectGarbage')
    await call('HeapProfiler.collectGarbage')
    const usage = await call('Runtime.getHeapUsage')
    const used: unknown = typeof usage === 'object' && usage !== null ? Reflect.get(usage, 'usedSize') : undefined
    if (typeof used !== 'number') throw new Error(`no heap usage in ${JSON.stringify(usage)}`)
    return used
  } finally {
    socket.close()
  }
}

test.describe('memory under hostile input', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 })
  let server: Server
  let worker = 0

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000)
    // The inspector lets the test collect garbage and read the worker's live heap; it listens
    // on a free loopback port.
    // Warnings only: 11,000 request lines would push the inspector's address out of the output
    // the spec reads it from (own-server keeps the last 20 kB), and they are not what is measured.
    server = await startServer({
      env: {
        WEB_CONCURRENCY: '1',
        RATE_LIMIT_CONTACT: '1000000',
        NODE_OPTIONS: '--inspect=127.0.0.1:0',
        LOG_LEVEL: 'warn',
        HOST_LOOKUP_CACHE_ENTRIES: String(HOST_CACHE_ENTRIES),
      },
    })
    worker = workerPid(server)
    // Warm: the code every request below runs is loaded before the idle figure is taken.
    for (let round = 0; round < 20; round++) {
      await request(server, 'GET', '/sora-park')
      await request(server, 'POST', '/cozying-api/v1/realtor-contacts', { body: { nope: true } })
      await request(server, 'GET', '/', { headers: { host: `warm-${round}.example` } })
    }
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('a 200 MB chunked body is refused while it streams, resident memory within 50 MB of idle', async () => {
    const idle = residentBytes(worker)
    let peak = idle
    let chunks = 0
    const sent = await postChunked(server, '/cozying-api/v1/realtor-contacts', 200 * MB, () => {
      if (++chunks % 16 === 0) peak = Math.max(peak, residentBytes(worker))
    })
    peak = Math.max(peak, residentBytes(worker))
    test.info().annotations.push({
      type: 'memory',
      description: `idle ${(idle / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB, ${(sent.written / MB).toFixed(1)} MB written before the refusal`,
    })
    expect(sent.status === undefined || sent.status === 413, `answered ${sent.status}`).toBe(true)
    expect(sent.written, 'the server stopped reading long before 200 MB').toBeLessThan(50 * MB)
    expect(peak - idle).toBeLessThan(50 * MB)
    // And it still answers.
    expect((await request(server, 'GET', '/builds/latest.json')).status).toBe(200)
  })

  test('10,000 invented host names beyond the lookup cache leave the heap as it was', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
    // Long (valid) names, so that keeping each one would show: ~400 bytes each with its entry.
    const label = 'x'.repeat(50)
    const ask = (index: number) =>
      request(server, 'GET', '/', {
        agent,
        headers: { host: `${label}.${label}.${label}.${label}-${index}-${Math.random().toString(36).slice(2, 8)}.example` },
      })
    const askMany = async (from: number, count: number) => {
      for (let index = from; index < from + count; index += 8) {
        const answers = await Promise.all(Array.from({ length: 8 }, (_, offset) => ask(index + offset)))
        for (const answer of answers) expect(answer.status).toBe(404)
      }
    }
    // The lookup cache holds up to HOST_CACHE_ENTRIES names: filled first, then 10,000 more are asked.
    // Resident memory moves by tens of MB with the heap's own sizing, so the worker's live
    // heap is read after a full collection, through its inspector.
    await askMany(0, HOST_CACHE_ENTRIES)
    const before = await heapAfterCollection(server)
    await askMany(HOST_CACHE_ENTRIES, 10_000)
    const after = await heapAfterCollection(server)
    agent.destroy()
    test.info().annotations.push({ type: 'memory', description: `live heap before ${(before / MB).toFixed(2)} MB, after ${(after / MB).toFixed(2)} MB` })
    // Kept, 10,000 such names are ~4 MB.
    expect(after - before).toBeLessThan(1.5 * MB)
  })
})
