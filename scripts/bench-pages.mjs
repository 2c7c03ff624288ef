#!/usr/bin/env node
/**
 * Page delivery (issue 12, decision 009), side by side with a static file server. Needs the
 * production build. Run alone (`node scripts/bench-pages.mjs`) or through `npm run bench`.
 *
 * One data folder: the demo realtor with its listings (`npm run setup`) plus 10,000 generated
 * realtors (`scripts/seed-directory-bench.ts`). The app runs as `npm start` does (one worker
 * per core). For each public page, nginx (Debian's package, started here on a loopback port)
 * serves the very bytes the app sends, as a static file; rounds alternate between the two,
 * `wrk -t2 -c50 -d10s` each (autocannon when wrk is missing), and the app's requests/s are
 * printed as a share of nginx's. While the app is under load, the resident memory of all its
 * processes is sampled. Then the staleness after a save: the demo realtor is saved again and
 * again, each save followed at once by requests on new connections, and every answer that
 * does not show the save is counted. Nothing fails on a figure.
 *
 * Every request asks for gzip (`Accept-Encoding: gzip`), as a CDN does, and nginx answers with
 * the app's own gzip bytes through `gzip_static` (issue 49). Each figure is printed with the load
 * average beside it (`uptime`): the machine is shared, and only the ratio to nginx in the same
 * run compares across runs.
 *
 * Beside both, the Node floor (scripts/bench-node-floor.mjs, decision 059): a bare Node server on
 * as many workers, sending the same gzip bytes with the app's headers and doing nothing else;
 * what the app spends above it is the app's, what it spends above nginx is Node's own.
 *
 * Then the price of the per-request log line: a second server of this build with
 * `LOG_LEVEL=warn` (no request lines) in the same rounds as the default one and nginx, on the
 * demo homepage (decision 055).
 *
 * BENCH_ROUNDS (default 2) and BENCH_SECONDS (default 10) make it shorter or longer;
 * BENCH_PAGES=homepage,listing,home/list,realtor/ measures only the pages whose names contain one
 * of these; BENCH_BASELINE=<another checkout, built> runs that checkout's server too, in the
 * same rounds, so a change is measured against the code before it (decision 055).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { cpuSeconds, loadTest, median, processTree, rawGet, root, run, startNginx, waitFor, wrk } from './bench-support.mjs'

const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const wantedPages = process.env.BENCH_PAGES?.split(',').filter(Boolean)
const baselineRoot = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined
// What a CDN asks for; the stored page's gzip copy, and nginx's gzip_static, answer it.
const GZIP = { 'accept-encoding': 'gzip' }
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const appPort = Number(process.env.BENCH_PORT ?? 3410) + 3
const nginxPort = appPort + 1
const base = `http://127.0.0.1:${appPort}`
// The baseline's server and the quiet (LOG_LEVEL=warn) one listen next to them.
const baselineBase = `http://127.0.0.1:${appPort + 2}`
const quietBase = `http://127.0.0.1:${appPort + 3}`
// The Node floor (scripts/bench-node-floor.mjs): a bare Node server sending the same answers.
const floorPort = appPort + 4
/** Response headers of one connection or one moment, which the Node floor sends its own of. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

const get = rawGet

function send(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const request = http.request(
      url,
      { method, agent: false, headers: { ...(payload ? { 'content-type': 'application/json', origin: base } : {}), ...headers } },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/**
 * Memory of a process and all its descendants, in MB: RSS (what the issue asks for; it counts
 * the node binary's shared code once per process) and PSS (shared pages divided among the
 * processes that share them: what the machine actually gives the server).
 */
function treeMemoryMb(pid) {
  let rss = 0
  let pss = 0
  for (const member of processTree(pid)) {
    try {
      const rollup = fs.readFileSync(`/proc/${member}/smaps_rollup`, 'utf8')
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { rss: rss / 1024, pss: pss / 1024 }
}

/** Resolves once `pids` use under 5 % of a core over a second (at most 2 minutes). */
async function settled(pids) {
  const started = Date.now()
  for (;;) {
    const before = cpuSeconds(pids)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const used = cpuSeconds(pids) - before
    // Negative: a short-lived process of the tree ended between the reads; ask again.
    if ((used >= 0 && used < 0.05) || Date.now() - started > 120_000) {
      console.log(`servers idle after ${Math.round((Date.now() - started) / 1000)} s (${(used * 100).toFixed(0)} % of a core)`)
      return
    }
  }
}

/** A run of load on `url`; with `pids`, the CPU those processes spent per request (µs) too. */
async function load(url, onSample, duration = seconds, pids = []) {
  const sampler = onSample ? setInterval(onSample, 500) : undefined
  try {
    const cpuBefore = cpuSeconds(pids)
    const result = await loadTest(url, { duration, headers: GZIP })
    const cpuUs = pids.length > 0 ? ((cpuSeconds(pids) - cpuBefore) * 1e6) / result.requests : NaN
    return { ...result, cpuUs, load: os.loadavg()[0] }
  } finally {
    if (sampler) clearInterval(sampler)
  }
}

/** The load average over the last minute while these ran (the median of their ends). */
const loadOf = (results) => median(results.map((result) => result.load)).toFixed(1)

/**
 * A server of `checkout` (its own build) on `origin`, sharing the data folder. Its log goes
 * down a pipe to `cat > /dev/null`, a reader of its own, as a collector reads a container's
 * stdout: /dev/null itself would make every write free, and this process, which stops to
 * sample memory, would be a reader that stalls the writers.
 */
function startServer(checkout, origin, env) {
  const sink = spawn('cat', [], { stdio: ['pipe', 'ignore', 'ignore'] })
  const server = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: checkout,
    env: { ...env, PORT: new URL(origin).port, PUBLIC_URL: origin },
    stdio: ['ignore', sink.stdin, 'ignore'],
  })
  // The server holds the pipe now; cat ends when the server (every worker) has.
  sink.stdin.destroy()
  server.sink = sink
  return server
}

async function stopServer(server) {
  if (!server) return
  if (server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
  if (server.sink.exitCode === null) await new Promise((resolve) => server.sink.once('exit', resolve))
}

const fmt = (n) => Math.round(n).toLocaleString('en-US')

export async function benchPages() {
  if (!fs.existsSync(path.join(root, '.output/server/worker.mjs'))) {
    console.error('Run `npm run build` first.')
    return
  }
  if (!wrk) console.log('wrk is missing (apt-get install wrk): measuring with autocannon, which shares the two cores less politely')

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-bench-pages-'))
  const env = { ...process.env, PORT: String(appPort), DATA_DIR: dataDir, PUBLIC_URL: base, NODE_ENV: 'production', RATE_LIMIT_AUTH: '100000' }
  await run(process.execPath, ['scripts/run.mjs', 'scripts/migrate.ts'], env)
  await run(process.execPath, ['scripts/run.mjs', 'scripts/seed.ts'], env)
  await run(process.execPath, ['scripts/run.mjs', 'scripts/seed-directory-bench.ts', '10000'], env)
  const server = startServer(root, base, env)
  // The request log is what is measured here: this build again, without request lines.
  const quiet = startServer(root, quietBase, { ...env, LOG_LEVEL: 'warn' })
  const baseline = baselineRoot ? startServer(baselineRoot, baselineBase, env) : undefined
  let nginx
  let floor
  let floorDir
  try {
    await waitFor(`${base}/builds/latest.json`)
    await waitFor(`${quietBase}/builds/latest.json`)
    if (baseline) await waitFor(`${baselineBase}/builds/latest.json`)
    const demo = await get(`${base}/cozying-api/v1/home/list?realtor=sora-park&homesPerPage=1`)
    const detailPath = JSON.parse(demo.body.toString()).homes?.[0]?.url
    // A homepage photo: not a stored page, read from the storage on every request (decision 077).
    const photoPath = (await get(`${base}/sora-park`)).body.toString().match(/\/uploads\/[^"' ,]+\.w640\.webp/)?.[0]
    const pages = [
      ['demo homepage (ko)', '/sora-park'],
      ['demo homepage (en)', '/en/sora-park'],
      ['listing detail page', detailPath],
      ['landing page', '/'],
      ['directory', '/realtors'],
      // Issue 27: a city's market report and its JSON, both answered from the page store.
      ['market report (en)', '/en/sora-park/market/irvine-ca'],
      ['GET /cozying-api/v1/realtor/sora-park', '/cozying-api/v1/realtor/sora-park'],
      ['GET /cozying-api/v1/market?state=CA&city=Irvine', '/cozying-api/v1/market?state=CA&city=Irvine'],
      // Issue 49: the API's list of a realtor's homes, stored too.
      ['GET /cozying-api/v1/home/list?realtor=sora-park', '/cozying-api/v1/home/list?realtor=sora-park'],
      ['homepage photo (upload)', photoPath],
    ].filter(([name, pagePath]) => pagePath !== undefined && (!wantedPages || wantedPages.some((wanted) => name.includes(wanted))))

    // The same bytes for nginx: the app's identity and gzip copies, the second through gzip_static.
    // A photo is sent as it is stored (WebP gains nothing from gzip): `gzip` is then what a client
    // asking for gzip gets, the same bytes.
    const answers = []
    for (const [, pagePath] of pages) {
      const answer = await get(`${base}${pagePath}`)
      const gzipped = await get(`${base}${pagePath}`, GZIP)
      const compressed = gzipped.headers['content-encoding'] === 'gzip'
      if (answer.status !== 200 || (!compressed && !pagePath.startsWith('/uploads/'))) throw new Error(`${pagePath} answered ${answer.status} without gzip`)
      answers.push({
        body: answer.body,
        gzip: gzipped.body,
        compressed,
        contentType: answer.headers['content-type'] ?? 'text/html',
        gzipHeaders: gzipped.rawHeaders,
      })
    }
    nginx = await startNginx(
      nginxPort,
      answers.map((answer) => ({ ...answer, gzip: answer.compressed ? answer.gzip : undefined })),
    )
    if (!nginx) console.log('nginx is missing (apt-get install nginx-light): printing the app alone, without the static reference')
    // Node's own floor: the same gzip bytes with the app's headers from a bare Node server.
    floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-bench-floor-'))
    for (const [index, answer] of answers.entries()) {
      const headers = []
      for (let at = 0; at < answer.gzipHeaders.length; at += 2) {
        if (!PER_CONNECTION.has(answer.gzipHeaders[at].toLowerCase())) headers.push(answer.gzipHeaders[at], answer.gzipHeaders[at + 1])
      }
      fs.writeFileSync(path.join(floorDir, `file-${index}.gz`), answer.gzip)
      fs.writeFileSync(path.join(floorDir, `file-${index}.json`), JSON.stringify(headers))
    }
    floor = spawn(process.execPath, [path.join(root, 'scripts/bench-node-floor.mjs'), floorDir, String(floorPort)], { stdio: 'ignore' })
    await waitFor(`http://127.0.0.1:${floorPort}/file-0`)

    let maxRss = 0
    let maxPss = 0
    const sample = () => {
      const memory = treeMemoryMb(server.pid)
      maxRss = Math.max(maxRss, memory.rss)
      maxPss = Math.max(maxPss, memory.pss)
    }
    console.log(
      `\npage delivery: 50 connections, ${seconds} s per run, ${rounds} alternating rounds, ${wrk ? 'wrk -t2' : 'autocannon'}, Accept-Encoding: gzip, the app on ${os.availableParallelism()} workers${baseline ? `, beside the baseline ${baselineRoot}` : ''}`,
    )
    /** Rounds alternating between each target: `[name, url]`; their results by name, and one line each. */
    const alternate = async (targets, onSample) => {
      const results = new Map(targets.map(([name]) => [name, []]))
      for (let round = 0; round < rounds; round++) {
        for (const [name, url, pids] of targets) results.get(name).push(await load(url, name === 'app' ? onSample : undefined, seconds, pids))
      }
      return results
    }
    const figure = (results) =>
      `${fmt(median(results.map((r) => r.rps)))} req/s, p50 ${median(results.map((r) => r.p50)).toFixed(1)} ms, p99 ${median(results.map((r) => r.p99)).toFixed(1)} ms, CPU ${median(results.map((r) => r.cpuUs)).toFixed(0)} µs/request (load ${loadOf(results)})`
    const ratio = (results, reference, key) => (median(results.map((r) => r[key])) / median(reference.map((r) => r[key]))).toFixed(2)
    const ratios = (results, reference) =>
      `${ratio(results, reference, 'rps')}× req/s, p99 ${ratio(results, reference, 'p99')}×, CPU per request ${ratio(results, reference, 'cpuUs')}×`
    // The server processes (primary and workers), read once they all run.
    const treeOf = (child) => (child ? processTree(child.pid) : [])
    const [appPids, quietPids, baselinePids, nginxPids, floorPids] = [
      treeOf(server),
      treeOf(quiet),
      treeOf(baseline),
      nginx ? processTree(nginx.pid) : [],
      treeOf(floor),
    ]
    // A worker's first minute runs the scheduled jobs' first runs (10,000 realtors to look
    // through): measured then, the first page paid for them. Wait until the servers are idle.
    await settled([...appPids, ...quietPids, ...baselinePids])
    for (const [index, [name, pagePath]] of pages.entries()) {
      // Warm: every worker has the page stored, as it would after its first visitors, and
      // its code on this path compiled by the JIT, as on a server that has been up a while
      // (a few seconds of load first, unmeasured, for nginx too).
      const targets = [['app', `${base}${pagePath}`, appPids]]
      if (baseline) targets.push(['baseline', `${baselineBase}${pagePath}`, baselinePids])
      if (nginx) targets.push(['nginx', nginx.urlOf(index), nginxPids])
      targets.push(['floor', `http://127.0.0.1:${floorPort}/file-${index}`, floorPids])
      for (const [target, url] of targets) {
        if (target !== 'nginx' && target !== 'floor') for (let i = 0; i < 8; i++) await get(url, GZIP)
        await load(url, undefined, 3)
      }
      const results = await alternate(targets, sample)
      const app = results.get('app')
      let line = `${name} (${fmt(answers[index].gzip.length)} bytes gzip): app ${figure(app)}, errors ${app.reduce((sum, r) => sum + r.errors, 0)}`
      if (nginx) line += `; nginx ${figure(results.get('nginx'))}; app/nginx ${ratios(app, results.get('nginx'))}`
      if (baseline) {
        line += `; baseline ${figure(results.get('baseline'))}`
        if (nginx) line += `, baseline/nginx ${ratios(results.get('baseline'), results.get('nginx'))}`
      }
      line += `; Node floor ${figure(results.get('floor'))}`
      if (nginx) line += `, floor/nginx ${ratios(results.get('floor'), results.get('nginx'))}`
      console.log(line)
    }

    // The price of the request line alone (decision 055): the same build with LOG_LEVEL=warn,
    // which writes none, on the demo homepage, in the same rounds.
    const homepage = pages.findIndex(([, pagePath]) => pagePath === '/sora-park')
    if (homepage >= 0) {
      const targets = [
        ['app', `${base}/sora-park`, appPids],
        ['warn', `${quietBase}/sora-park`, quietPids],
      ]
      if (nginx) targets.push(['nginx', nginx.urlOf(homepage), nginxPids])
      for (const [target, url] of targets) {
        if (target !== 'nginx') for (let i = 0; i < 8; i++) await get(url, GZIP)
        await load(url, undefined, 3)
      }
      const results = await alternate(targets)
      const [logged, quietRps] = [median(results.get('app').map((r) => r.rps)), median(results.get('warn').map((r) => r.rps))]
      const perRequestUs = (median(results.get('app').map((r) => r.cpuUs)) - median(results.get('warn').map((r) => r.cpuUs))).toFixed(1)
      let line = `request log line, demo homepage: LOG_LEVEL=info ${figure(results.get('app'))}; LOG_LEVEL=warn ${figure(results.get('warn'))}; the line costs ${(100 * (1 - logged / quietRps)).toFixed(1)} % of req/s and ${perRequestUs} µs of the server's CPU per request`
      if (nginx) line += `; info/nginx ${ratios(results.get('app'), results.get('nginx'))}, warn/nginx ${ratios(results.get('warn'), results.get('nginx'))}`
      console.log(line)
    }
    console.log(
      `server memory under load (primary and all workers, 10,000 realtors seeded): max RSS ${Math.round(maxRss)} MB, max PSS ${Math.round(maxPss)} MB`,
    )

    // Staleness: each save followed at once by requests on new connections (every worker).
    const signIn = await send('POST', `${base}/api/auth/sign-in/email`, {
      body: { email: 'demo@example.com', password: process.env.DEMO_PASSWORD ?? 'demo-password-2026' },
    })
    const token = signIn.headers['set-auth-token']
    const realtor = JSON.parse((await get(`${base}/cozying-api/v1/realtor/sora-park`)).body.toString())
    const originalName = realtor.displayNameEn
    let stale = 0
    let checked = 0
    const saves = 20
    const background = load(`${base}/en/sora-park`)
    for (let save = 0; save < saves; save++) {
      const name = `Sora Park ${save}`
      const saved = await send('PATCH', `${base}/cozying-api/v1/realtor/${realtor.id}`, {
        headers: { authorization: `Bearer ${token}` },
        body: { displayNameEn: name },
      })
      if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${saved.body}`)
      const answers = await Promise.all(Array.from({ length: 4 }, () => get(`${base}/en/sora-park`)))
      for (const answer of answers) {
        checked++
        if (!answer.body.toString().includes(name)) stale++
      }
    }
    await background
    await send('PATCH', `${base}/cozying-api/v1/realtor/${realtor.id}`, {
      headers: { authorization: `Bearer ${token}` },
      body: { displayNameEn: originalName },
    })
    console.log(`staleness after a save, under load: ${stale} of ${checked} requests right after ${saves} saves showed the page from before the save`)
  } finally {
    if (floor && floor.exitCode === null) {
      floor.kill('SIGTERM')
      await new Promise((resolve) => floor.once('exit', resolve))
    }
    if (floorDir) fs.rmSync(floorDir, { recursive: true, force: true })
    await nginx?.stop()
    await stopServer(quiet)
    await stopServer(baseline)
    await stopServer(server)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPages()
