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
 */
import cluster from 'node:cluster'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

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
  await import(pathToFileURL(serverEntry).href)
}
