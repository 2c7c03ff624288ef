#!/usr/bin/env node
/**
 * Listings figures (issue 6), run by `npm run bench` after the other figures, or alone:
 * `node scripts/bench-listings.mjs`. Needs the production build. For SQLite and then for a
 * throwaway PostgreSQL cluster: generates 100,000 demo listings (BENCH_HOMES), starts the
 * built server and measures `GET /cozying-api/v1/home/list` under 50 concurrent
 * connections for the default query, filtered ones and map areas (wrk, or autocannon without it;
 * BENCH_ROUNDS rounds of BENCH_SECONDS each after 3 s of warm-up), each beside nginx serving the
 * same bytes in alternating rounds, then the uncached cost: 300 sequential requests that each ask a
 * different question, so none is answered from the 15 s page cache; then `POST /valuations`
 * under 50 connections and, on SQLite, the estimator's leave-one-out backtest
 * (scripts/bench-valuations.ts). Prints; never fails on a figure. BENCH_LISTINGS_ONLY=valuations
 * measures only `POST /valuations` and the backtest.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { loadTest, median, rawGet, root, run, startNginx, waitFor, wrk } from './bench-support.mjs'

const port = Number(process.env.BENCH_LISTINGS_PORT ?? 3420)
const base = `http://127.0.0.1:${port}`
const nginxPort = port + 1
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
// BENCH_DATABASES=sqlite (or postgresql) measures one database alone: a quicker run while working on its path.
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',')
const count = Number(process.env.BENCH_HOMES ?? 100_000)
// BENCH_LISTINGS_ONLY=valuations measures `POST /valuations` and the backtest alone (a quicker run while working on the estimator).
const valuationsOnly = process.env.BENCH_LISTINGS_ONLY === 'valuations'
const QUERIES = [
  ['default', 'home/list', ''],
  ['filtered', 'home/list', '?minPrice=1000000&maxPrice=2500000&minBeds=3&sort=price_asc'],
  ['filtered GA page 3', 'home/list', '?state=GA&city=Duluth&type=sale&minBaths=2&currentPage=3&homesPerPage=10&totalHomesPerGroup=100'],
  // Map search (issue 29): a city-sized area's list, and a region's markers. A map asks with
  // the browser's fetch, which always accepts brotli: 5,000 points are ~400 KB as JSON, ~60 KB so.
  ['map area, Irvine', 'home/list', '?bbox=-117.9,33.6,-117.7,33.75', { 'accept-encoding': 'br, gzip' }],
  ['map points, Orange County', 'home/points', '?bbox=-118.1,33.4,-117.4,34.0', { 'accept-encoding': 'br, gzip' }],
]

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/**
 * `POST /valuations` (issue 27 item 8): a home in Irvine valued from the 100,000 listings, 50
 * connections, the goal ≤ 50 ms p99. Every answer is computed afresh (the endpoint is never cached).
 */
async function measureValuations(label) {
  const realtor = await (await fetch(`${base}/cozying-api/v1/realtor/sora-park`)).json()
  const body = JSON.stringify({
    realtorId: realtor.id,
    street: '1 Bench Way',
    city: 'Irvine',
    state: 'CA',
    postalCode: '92618',
    propertyType: 'single_family',
    beds: 3,
    baths: 2,
    livingArea: 2000,
    yearBuilt: 2000,
  })
  const url = `${base}/cozying-api/v1/valuations`
  const headers = { 'content-type': 'application/json' }
  const first = await (await fetch(url, { method: 'POST', headers, body })).json()
  // Warm every worker, as the page runs do: a worker's first answer for a place reads the place's
  // homes once (decision 036), and a single request reaches one worker only. Not counted.
  await loadTest(url, { duration: 3, headers, method: 'POST', body })
  const result = await loadTest(url, { duration: 10, headers, method: 'POST', body })
  console.log(
    `POST /cozying-api/v1/valuations (${first.status}, ${first.comparableCount} comparables) on ${count.toLocaleString('en-US')} listings (${label}), ` +
      `50 connections, 10 s (${wrk ? 'wrk' : 'autocannon'}): ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms (goal ≤ 50 ms), errors ${result.errors}`,
  )
}

/** The demo realtor alone (no demo listings): the realtor a valuation is asked for. */
async function seedRealtor(env) {
  await run(process.execPath, ['scripts/run.mjs', 'scripts/seed.ts', '--force'], { ...env, DEMO_HOMES: '0' })
}

async function measure(label, env) {
  const server = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env, stdio: 'ignore' })
  try {
    await waitFor(`${base}/builds/latest.json`)
    if (valuationsOnly) {
      await measureValuations(label)
      return
    }
    // Warm, unmeasured: every worker has each answer stored (and its densest brotli copy made)
    // and its path compiled, as on a server that has been up a while.
    const firsts = []
    for (const [, endpoint, query, headers = {}] of QUERIES) {
      const url = `${base}/cozying-api/v1/${endpoint}${query}`
      firsts.push(await (await fetch(url)).json())
      await loadTest(url, { duration: 3, headers })
    }
    // nginx serves each answer's very bytes (brotli where the map asks for it) in the same run:
    // the machine's reference for what a stored answer can cost (decision 049).
    const answers = []
    for (const [, endpoint, query, headers = {}] of QUERIES) {
      const answer = await rawGet(`${base}/cozying-api/v1/${endpoint}${query}`, headers)
      if (answer.status !== 200) throw new Error(`${endpoint}${query} answered ${answer.status}`)
      answers.push({ body: answer.body, contentType: answer.headers['content-type'], contentEncoding: answer.headers['content-encoding'] })
    }
    const nginx = await startNginx(nginxPort, answers)
    if (!nginx) console.log('nginx is missing (apt-get install nginx-light): printing the app alone, without the static reference')
    try {
      for (const [index, [name, endpoint, query, headers = {}]] of QUERIES.entries()) {
        const url = `${base}/cozying-api/v1/${endpoint}${query}`
        const first = firsts[index]
        if (nginx) await loadTest(nginx.urlOf(index), { duration: 3, headers })
        const app = []
        const reference = []
        for (let round = 0; round < rounds; round++) {
          if (nginx) reference.push(await loadTest(nginx.urlOf(index), { duration: seconds, headers }))
          app.push(await loadTest(url, { duration: seconds, headers }))
        }
        const size = endpoint === 'home/points' ? `${first.points.length} points` : `${first.totalHomes} homes in the group`
        const encoding = answers[index].contentEncoding ? `, ${answers[index].contentEncoding}` : ''
        const appRps = median(app.map((result) => result.rps))
        const line =
          `GET /cozying-api/v1/${endpoint} ${name} (${size}, ${answers[index].body.length.toLocaleString('en-US')} bytes${encoding}) on ${count.toLocaleString('en-US')} listings (${label}), ` +
          `50 connections, ${rounds}×${seconds} s (${wrk ? 'wrk' : 'autocannon'}): app ${Math.round(appRps)} req/s, p50 ${median(app.map((r) => r.p50)).toFixed(1)} ms, ` +
          `p99 ${median(app.map((r) => r.p99)).toFixed(1)} ms, errors ${app.reduce((sum, r) => sum + r.errors, 0)}`
        if (!nginx) console.log(line)
        else {
          const nginxRps = median(reference.map((result) => result.rps))
          console.log(
            `${line}; nginx ${Math.round(nginxRps)} req/s, p99 ${median(reference.map((r) => r.p99)).toFixed(1)} ms; app/nginx ${(appRps / nginxRps).toFixed(2)}×`,
          )
        }
      }
    } finally {
      await nginx?.stop()
    }
    await measureValuations(label)
    const times = []
    for (let index = 0; index < 300; index += 1) {
      // Every request a different question: no cache hit, the database answers each one.
      const query = `?minPrice=${500_000 + index * 1_000}&minBeds=${index % 4}&sort=${index % 2 ? 'newest' : 'price_desc'}`
      const started = performance.now()
      const response = await fetch(`${base}/cozying-api/v1/home/list${query}`)
      await response.arrayBuffer()
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    console.log(
      `GET /cozying-api/v1/home/list uncached (${label}), 300 sequential distinct queries: ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
    )
    // Map areas uncached: each box in a grid cell of its own, so the database answers every one.
    for (const endpoint of ['home/list', 'home/points']) {
      const mapTimes = []
      for (let index = 0; index < 200; index += 1) {
        const west = -118.4 + (index % 20) * 0.05
        const south = 33.4 + Math.floor(index / 20) * 0.05
        const started = performance.now()
        const response = await fetch(
          `${base}/cozying-api/v1/${endpoint}?bbox=${west.toFixed(3)},${south.toFixed(3)},${(west + 0.2).toFixed(3)},${(south + 0.15).toFixed(3)}`,
        )
        await response.arrayBuffer()
        mapTimes.push(performance.now() - started)
      }
      mapTimes.sort((a, b) => a - b)
      console.log(
        `GET /cozying-api/v1/${endpoint}?bbox= uncached (${label}), 200 sequential distinct city-sized areas: ` +
          `p50 ${percentile(mapTimes, 50).toFixed(1)} ms, p99 ${percentile(mapTimes, 99).toFixed(1)} ms`,
      )
    }
  } finally {
    server.kill('SIGTERM')
  }
}

if (!fs.existsSync(path.join(root, '.output/server/worker.mjs'))) {
  console.error('Run `npm run build` first.')
  process.exit(2)
}

const baseEnv = { ...process.env, PORT: String(port), PUBLIC_URL: base, NODE_ENV: 'production', SEED_DEMO: 'false' }

// SQLite, the embedded default.
if (databases.includes('sqlite')) {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-bench-listings-'))
  try {
    const env = { ...baseEnv, DATA_DIR: sqliteDir, DATABASE_URL: '' }
    await seedRealtor(env)
    await run(process.execPath, ['scripts/run.mjs', 'scripts/generate-homes.ts', '--count', String(count)], env)
    await measure('SQLite', env)
    // The estimator's accuracy does not depend on the database: measured once, on these listings.
    await run(process.execPath, ['scripts/run.mjs', 'scripts/bench-valuations.ts'], env)
  } finally {
    fs.rmSync(sqliteDir, { recursive: true, force: true })
  }
}

// PostgreSQL, a throwaway cluster like the integration tests'.
if (!databases.includes('postgresql')) process.exit(0)
const cluster = spawn(process.execPath, ['scripts/run.mjs', 'scripts/pg-cluster.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
const postgresUrl = await new Promise((resolve) => {
  const lines = readline.createInterface({ input: cluster.stdout })
  lines.on('line', (line) => {
    if (line.startsWith('POSTGRES_URL=')) resolve(line.slice('POSTGRES_URL='.length))
  })
  cluster.on('exit', () => resolve(undefined))
})
if (!postgresUrl) {
  console.log('PostgreSQL figures skipped: no PostgreSQL binaries on this machine')
} else {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-bench-listings-pg-'))
  try {
    const env = { ...baseEnv, DATA_DIR: pgDir, DATABASE_URL: postgresUrl }
    await seedRealtor(env)
    await run(process.execPath, ['scripts/run.mjs', 'scripts/generate-homes.ts', '--count', String(count)], env)
    await measure('PostgreSQL', env)
  } finally {
    cluster.kill('SIGTERM')
    fs.rmSync(pgDir, { recursive: true, force: true })
  }
}
