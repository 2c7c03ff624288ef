#!/usr/bin/env node
/**
 * `npm run bench`: prints figures, never fails on them (tests never fail on timing).
 * Needs the production build (`npm run build`). Starts the server on a fresh, seeded data
 * folder, then measures:
 *  - Lighthouse 13 (mobile) on the public pages (homepage in Korean and English, a listing,
 *    the home search, home value, a market report, the blog) at 4× and 8× CPU slowdown, each
 *    beside a copy of the same HTML without scripts served by nginx (scripts/bench-lighthouse.mjs,
 *    issue 31), on a server that has served them;
 *  - page delivery beside nginx serving the same bytes (scripts/bench-pages.mjs, issue 12);
 *  - the directory (GET /realtor) on 10,000 realtors, default and filtered (issue 7);
 *  - home/list and POST /valuations on 100,000 listings, SQLite and PostgreSQL, and the
 *    valuation backtest (scripts/bench-listings.mjs, scripts/bench-valuations.ts);
 *  - saved-search alerts: 10,000 searches × 1,000 new listings on SQLite (scripts/bench-alerts.ts);
 *  - a CMA's PDF with 10 comparables and their photos (scripts/bench-cma-pdf.ts, issue 53).
 * BENCH_ONLY=lighthouse skips everything but Lighthouse (for quick iterations on the page);
 * BENCH_ONLY=pages runs the page delivery part alone;
 * BENCH_ONLY=alerts runs the saved-search alerts part alone (scripts/bench-alerts.ts; no build needed);
 * BENCH_ONLY=cma-pdf runs the CMA PDF part alone (scripts/bench-cma-pdf.ts; no build needed);
 * BENCH_LH_PAGES=homepage,listing measures only the Lighthouse pages whose names contain one of these;
 * BENCH_LHR_DIR=folder also writes each full Lighthouse report there as JSON.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { benchLighthouse } from './bench-lighthouse.mjs'
import { benchPages } from './bench-pages.mjs'
import { rawGet, root, run, waitFor } from './bench-support.mjs'

const port = Number(process.env.BENCH_PORT ?? 3410)
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-bench-'))
const only = process.env.BENCH_ONLY
const lhrDir = process.env.BENCH_LHR_DIR
// BENCH_LH_PAGES=homepage,listing: only the Lighthouse pages whose names contain one of these.
const lhPages = process.env.BENCH_LH_PAGES?.split(',').filter(Boolean)
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: base,
  NODE_ENV: 'production',
  RATE_LIMIT_CONTACT: '100000',
  // The home search's map view is measured too, on tiles of our own (scripts/bench-map-fixture.ts).
  MAP_STYLE_URL: '/map-data/style.json',
  MAP_ATTRIBUTION: '© Bench tiles',
}

// Saved-search alerts (issue 13): the matcher and the mails, on a SQLite file of their own.
const benchAlerts = () => run(process.execPath, ['scripts/run.mjs', 'scripts/bench-alerts.ts'], { ...process.env, NODE_ENV: 'production' })

// A CMA's PDF (issue 53): photos read and converted, the PDF drawn; p95 ≤ 2 s asked.
const benchCmaPdf = () => run(process.execPath, ['scripts/run.mjs', 'scripts/bench-cma-pdf.ts'], { ...process.env, NODE_ENV: 'production' })

if (only === 'cma-pdf') {
  await benchCmaPdf()
  process.exit(0)
}

if (only === 'alerts') {
  await benchAlerts()
  process.exit(0)
}

if (!fs.existsSync(path.join(root, '.output/server/worker.mjs'))) {
  console.error('Run `npm run build` first.')
  process.exit(2)
}

if (only === 'pages') {
  await benchPages()
  process.exit(0)
}

await run(process.execPath, ['scripts/run.mjs', 'scripts/seed.ts'], env)
await run(process.execPath, ['scripts/run.mjs', 'scripts/bench-map-fixture.ts', path.join(dataDir, 'map'), `${base}/map-data`], env)
const server = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env, stdio: 'ignore' })
try {
  await waitFor(`${base}/builds/latest.json`)
  const listing = JSON.parse((await rawGet(`${base}/cozying-api/v1/home/list?realtor=sora-park&homesPerPage=1`)).body.toString()).homes?.[0]?.url
  const pages = [
    ['homepage (ko)', '/sora-park'],
    ['homepage (en)', '/en/sora-park'],
    ['listing detail (ko)', listing],
    ['home search (en)', '/en/sora-park/homes'],
    ['home search with the map (en)', '/en/sora-park/homes?view=map'],
    // The same page with MapLibre's code refused (its place then says the map could not load):
    // what the page's own code costs, apart from drawing the map (decision 051).
    ['home search with the map left out (en)', '/en/sora-park/homes?view=map', ['*/home-map-*', '*/maplibre-*']],
    ['home value (ko)', '/sora-park/home-value'],
    ['market report (en)', '/en/sora-park/market/irvine-ca'],
    ['blog (ko)', '/sora-park/blog'],
    ['directory (en)', '/en/realtors'],
    ['landing (ko)', '/'],
  ].filter(([name]) => !lhPages || lhPages.some((wanted) => name.includes(wanted)))
  for (const [, pagePath] of pages) {
    // A running server has served its pages before: the first request after start pays
    // for loading the server's code (~0.5 s), which is not what a visitor waits for.
    // Each worker (new connections take turns among them) has rendered and stored it.
    let warm = ''
    for (let round = 0; round < 4; round++) warm = (await rawGet(`${base}${pagePath}`)).body.toString()
    // …and has made the page's own font (decision 008), which a page's first visitor waits for once.
    const fontPath = /href="(\/fonts\/page\/[\w-]+\.ttf)"/.exec(warm)?.[1]
    if (fontPath) await rawGet(`${base}${fontPath}`)
  }
  await benchLighthouse({ base, pages, nginxPort: port + 1, lhrDir })
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
}

if (only === 'lighthouse') process.exit(0)

// Page delivery and the API's realtor read, beside nginx (issue 12).
await benchPages()

// The directory on 10,000 realtors, in a data folder of its own.
const directoryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-bench-directory-'))
env.DATA_DIR = directoryDir
await run(process.execPath, ['scripts/run.mjs', 'scripts/seed-directory-bench.ts', '10000'], env)
const directoryServer = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env, stdio: 'ignore' })
try {
  await waitFor(`${base}/builds/latest.json`)
  for (const query of ['', '?state=CA', '?state=GA&city=duluth&page=2']) {
    const url = `${base}/cozying-api/v1/realtor${query}`
    await fetch(url)
    const result = await autocannon({ url, connections: 50, duration: 10 })
    console.log(
      `GET /cozying-api/v1/realtor${query} on 10,000 realtors (SQLite), 50 connections, 10 s: ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
    )
  }
} finally {
  directoryServer.kill('SIGTERM')
  await new Promise((resolve) => directoryServer.once('exit', resolve))
  fs.rmSync(directoryDir, { recursive: true, force: true })
}

// Listings (issue 6): home/list on 100,000 listings, SQLite and PostgreSQL.
await benchAlerts()
await benchCmaPdf()

await import('./bench-listings.mjs')
