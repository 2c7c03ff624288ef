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
 * BENCH_ROUNDS (default 2) and BENCH_SECONDS (default 10) make it shorter or longer.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { loadTest, median, rawGet, root, run, startNginx, waitFor, wrk } from './bench-support.mjs'

const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const appPort = Number(process.env.BENCH_PORT ?? 3410) + 3
const nginxPort = appPort + 1
const base = `http://127.0.0.1:${appPort}`

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
  const out = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout
  const rows = out
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
  const family = new Set([pid])
  let grew = true
  while (grew) {
    grew = false
    for (const [child, parent] of rows) {
      if (family.has(parent) && !family.has(child)) {
        family.add(child)
        grew = true
      }
    }
  }
  let rss = 0
  let pss = 0
  for (const member of family) {
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

async function load(url, onSample, duration = seconds) {
  const sampler = onSample ? setInterval(onSample, 500) : undefined
  try {
    return await loadTest(url, { duration })
  } finally {
    if (sampler) clearInterval(sampler)
  }
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
  const server = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env, stdio: 'ignore' })
  let nginx
  try {
    await waitFor(`${base}/builds/latest.json`)
    const demo = await get(`${base}/cozying-api/v1/home/list?realtor=sora-park&homesPerPage=1`)
    const detailPath = JSON.parse(demo.body.toString()).homes?.[0]?.url
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
    ]

    // The same bytes for nginx: what the app answers without Accept-Encoding, as wrk asks.
    const answers = []
    for (const [, pagePath] of pages) {
      const answer = await get(`${base}${pagePath}`)
      if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}`)
      answers.push({ body: answer.body, contentType: answer.headers['content-type'] ?? 'text/html' })
    }
    nginx = await startNginx(nginxPort, answers)
    if (!nginx) console.log('nginx is missing (apt-get install nginx-light): printing the app alone, without the static reference')

    let maxRss = 0
    let maxPss = 0
    const sample = () => {
      const memory = treeMemoryMb(server.pid)
      maxRss = Math.max(maxRss, memory.rss)
      maxPss = Math.max(maxPss, memory.pss)
    }
    console.log(
      `\npage delivery: 50 connections, ${seconds} s per run, ${rounds} alternating rounds, ${wrk ? 'wrk -t2' : 'autocannon'}, the app on ${os.availableParallelism()} workers`,
    )
    for (const [index, [name, pagePath]] of pages.entries()) {
      // Warm: every worker has the page stored, as it would after its first visitors, and
      // its code on this path compiled by the JIT, as on a server that has been up a while
      // (a few seconds of load first, unmeasured, for nginx too).
      for (let i = 0; i < 8; i++) await get(`${base}${pagePath}`)
      await load(`${base}${pagePath}`, undefined, 3)
      if (nginx) await load(nginx.urlOf(index), undefined, 3)
      const app = []
      const reference = []
      for (let round = 0; round < rounds; round++) {
        if (nginx) reference.push(await load(nginx.urlOf(index)))
        app.push(await load(`${base}${pagePath}`, sample))
      }
      const appRps = median(app.map((result) => result.rps))
      const appP99 = median(app.map((result) => result.p99))
      const line = `${name} (${fmt(answers[index].body.length)} bytes): app ${fmt(appRps)} req/s, p50 ${median(app.map((r) => r.p50)).toFixed(1)} ms, p99 ${appP99.toFixed(1)} ms, errors ${app.reduce((sum, r) => sum + r.errors, 0)}`
      if (nginx) {
        const nginxRps = median(reference.map((result) => result.rps))
        console.log(
          `${line}; nginx ${fmt(nginxRps)} req/s, p99 ${median(reference.map((r) => r.p99)).toFixed(1)} ms; app/nginx ${(appRps / nginxRps).toFixed(2)}×`,
        )
      } else console.log(line)
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
    await nginx?.stop()
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPages()
