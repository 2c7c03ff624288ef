#!/usr/bin/env node
/**
 * `npm start`: the production server on every core (issue 12, decision 009).
 *
 * The primary process forks one worker per core (`WEB_CONCURRENCY` to choose), each running
 * the built server (`.output/server/worker.mjs`) on the same port, sharing nothing but the
 * database and the storage. It restarts a worker that dies, and:
 *  - SIGTERM / SIGINT: every worker stops taking connections, finishes the requests it has,
 *    and exits; the primary exits when they have (or after SHUTDOWN_TIMEOUT_SECONDS);
 *  - SIGHUP: a rolling restart, one worker at a time, each replaced only once its successor
 *    listens, so a new build goes live without a refused request.
 * Worker 0 (`WORKER_INDEX`) runs the scheduled jobs, so they run once, not once per worker.
 *
 * A worker listens only once its own `/readyz` answers 200 (database reachable and migrated,
 * storage writable), so the primary never hands a connection to a worker that cannot serve
 * it; and `/metrics`, whichever worker gets the scrape, shows the sum of every worker's
 * metrics, gathered here in the primary (decision 041).
 */
import cluster from 'node:cluster'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { AggregatorRegistry } from 'prom-client'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverEntry = path.join(root, '.output', 'server', 'worker.mjs')

function positiveInteger(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 256) {
    console.error(`${name} must be a whole number from 1 to 256, got ${JSON.stringify(raw)}`)
    process.exit(2)
  }
  return value
}

if (cluster.isPrimary) {
  const workerCount = positiveInteger('WEB_CONCURRENCY', os.availableParallelism())
  const shutdownTimeoutMs = positiveInteger('SHUTDOWN_TIMEOUT_SECONDS', 10) * 1000
  /** index → the worker serving it now */
  const workers = new Map()
  let stopping = false
  let restarting = false
  const recentDeaths = []
  // V8 grows each worker's young generation to 32 MB and more under load, for little gain on
  // requests that allocate a few KB: 8 MB semi-spaces kept the throughput and ~40 MB per worker
  // (decision 009). An explicit setting in NODE_OPTIONS wins.
  if (!(process.env.NODE_OPTIONS ?? '').includes('semi-space')) {
    cluster.setupPrimary({ execArgv: [...process.execArgv, '--max-semi-space-size=8'] })
  }

  const fork = (index) => {
    const worker = cluster.fork({
      WORKER_INDEX: String(index),
      WORKER_ID: String(index + 1),
      // glibc gives each thread that allocates (the thread pool compressing pages) an arena of
      // its own and keeps what it freed there: two arenas cut a worker's memory under load by
      // ~20 MB at no measurable cost (decision 009). An explicit setting wins.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    })
    workers.set(index, worker)
    worker.on('exit', (code, signal) => {
      if (workers.get(index) !== worker) return
      workers.delete(index)
      if (stopping) {
        if (workers.size === 0) process.exit(0)
        return
      }
      if (worker.exitedAfterDisconnect) return
      // A worker that keeps dying at start (a bad build, a missing database) is not retried forever.
      const now = Date.now()
      recentDeaths.push(now)
      while (recentDeaths.length > 0 && recentDeaths[0] < now - 60_000) recentDeaths.shift()
      if (recentDeaths.length > workerCount * 5) {
        console.error('[serve] workers keep exiting; giving up')
        process.exit(1)
      }
      console.error(`[serve] worker ${index} exited (${signal ?? code}); starting another`)
      setTimeout(() => fork(index), Math.min(5000, 100 * recentDeaths.length))
    })
    return worker
  }

  const listening = (worker) =>
    new Promise((resolve, reject) => {
      worker.once('listening', resolve)
      worker.once('exit', () => reject(new Error('worker exited before listening')))
    })

  /** Stops taking connections, lets in-flight requests finish, then ends the worker. */
  const retire = (worker) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => worker.process.kill('SIGKILL'), shutdownTimeoutMs)
      worker.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      worker.disconnect()
    })

  const stop = (signal) => {
    if (stopping) return
    stopping = true
    console.log(`[serve] ${signal}: finishing requests in flight`)
    if (workers.size === 0) process.exit(0)
    for (const worker of workers.values()) void retire(worker)
  }

  const rollingRestart = async () => {
    if (restarting || stopping) return
    restarting = true
    console.log('[serve] SIGHUP: restarting workers one at a time')
    try {
      for (const [index, old] of [...workers]) {
        workers.delete(index)
        const successor = fork(index)
        await listening(successor)
        await retire(old)
      }
      console.log('[serve] rolling restart done')
    } catch (error) {
      console.error('[serve] rolling restart stopped:', error instanceof Error ? error.message : error)
    } finally {
      restarting = false
    }
  }

  // A worker's `/metrics` asks here; prom-client asks every worker for its values and adds them
  // up (src/server/metrics/cluster-metrics.ts sends and reads these messages).
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message) => {
    if (message?.type !== 'realtor:metrics-request') return
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: 'realtor:metrics-response', id: message.id, text }),
      (error) =>
        worker.isConnected() &&
        worker.send({ type: 'realtor:metrics-response', id: message.id, error: error instanceof Error ? error.message : String(error) }),
    )
  })

  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGHUP', () => void rollingRestart())
  for (let index = 0; index < workerCount; index++) fork(index)
  console.log(`[serve] ${workerCount} worker${workerCount === 1 ? '' : 's'} on port ${process.env.PORT ?? 3000}`)
} else if (!process.env.WORKER_INDEX) {
  console.error('[serve] a worker needs WORKER_INDEX; start the server with `npm start`')
  process.exit(2)
} else {
  // Signals are the primary's to handle: it tells each worker to finish through disconnect().
  // A worker that handled SIGINT itself (Ctrl+C reaches the whole process group) would close
  // its server before the primary asked.
  process.on('SIGINT', () => {})
  process.on('SIGTERM', () => {})
  process.once('disconnect', () => {
    // The servers are closed and their requests answered: end whatever keeps the loop alive
    // (database pool, timers) without waiting for idle timeouts. The wait lets the visitor
    // statistics' last flush (one transaction, decision 016) finish.
    setTimeout(() => process.exit(0), 500).unref()
  })
  await listenWhenReady()
}

/**
 * Loads the built server without letting it listen, waits until its own `/readyz` says it can
 * serve, then listens on the shared port. srvx (the server under nitro) hands its server to
 * `globalThis.__srvxLoader__` instead of listening when that is set (the hook of its own CLI);
 * its request handler and fetch are complete by then. Until it listens, the primary sends this
 * worker no connection, and a rolling restart keeps the old worker until this one listens.
 */
async function listenWhenReady() {
  let server
  globalThis.__srvxLoader__ = ({ server: handed }) => {
    server = handed
  }
  try {
    await import(pathToFileURL(serverEntry).href)
  } finally {
    delete globalThis.__srvxLoader__
  }
  if (!server?.node?.handler || typeof server.fetch !== 'function') {
    // A srvx that no longer hands its server over has listened already: say so loudly, the
    // readiness gate is gone (the cluster test of decision 041 fails too).
    throw new Error('[serve] the built server did not hand over its srvx server; cannot wait for readiness')
  }
  const port = Number.parseInt(process.env.NITRO_PORT ?? process.env.PORT ?? '', 10)
  const host = process.env.NITRO_HOST || process.env.HOST || undefined
  let lastReport = ''
  for (let attempt = 0; ; attempt++) {
    const answer = await server.fetch(new Request('http://localhost/readyz')).then(
      async (response) => ({ ok: response.status === 200, text: await response.text() }),
      (error) => ({ ok: false, text: error instanceof Error ? error.message : String(error) }),
    )
    if (answer.ok) break
    // Said once per change, so a long outage is one line per worker, not one per second.
    if (answer.text !== lastReport) console.error(`[serve] worker ${process.env.WORKER_INDEX} not ready: ${answer.text}`)
    lastReport = answer.text
    await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * 2 ** Math.min(attempt, 5))))
  }
  // The built server offers, once it has answered, a front that sends the page store's current
  // answers from Node's own request, before srvx (src/server/http/node-front.ts, decision 059).
  const nodeFront = globalThis[Symbol.for('realtor.nodeFront')]
  if (typeof nodeFront !== 'function') {
    // Without it every page still works, at twice the cost per stored page: say so loudly, as above.
    throw new Error('[serve] the built server offered no Node front for stored answers')
  }
  // The port is shared with the other workers through the primary (`exclusive: false`), as
  // nitro's own cluster entry does.
  const listener = http.createServer(nodeFront(server.node.handler))
  listener.listen({ port: Number.isNaN(port) ? 3000 : port, host, exclusive: false })
}
