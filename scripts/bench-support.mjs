/** Helpers the benchmark scripts share: run a command to completion, wait for the server, load it. */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

export function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))))
  })
}

export async function waitFor(url, timeoutMs = 60_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet: ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`server did not answer at ${url}`)
}

export function which(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || undefined
}

function parseWrk(output) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN)
  const toMs = (value, unit) => Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1)
  const percentile = (p) => {
    const match = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s|m)`).exec(output)
    return match ? toMs(match[1], match[2]) : NaN
  }
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0)
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN)
  return {
    rps,
    requests,
    p50: percentile(50),
    p99: percentile(99),
    errors: non2xx + (errors ? errors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0),
  }
}

export const wrk = which('wrk')

/**
 * 50 connections on one URL for `duration` seconds: requests/s, p50 and p99 in ms, errors.
 * wrk when the machine has it: autocannon is JavaScript on the same two cores, and on large
 * bodies (a map's 5,000 points, 55 KB brotli) it measured itself (1,200 req/s, p50 40 ms)
 * where wrk measured the server (31,000 req/s, p50 1.4 ms). `method` and `body` send another
 * request than a GET (a POST's JSON body, given with its content type in `headers`).
 */
export async function loadTest(url, { duration, headers = {}, method = 'GET', body }) {
  if (wrk) {
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
    let script
    if (method !== 'GET' || body !== undefined) {
      script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-')), 'request.lua')
      fs.writeFileSync(script, `wrk.method = ${JSON.stringify(method)}\nwrk.body = ${JSON.stringify(body ?? '')}\n`)
    }
    const child = spawn(wrk, ['-t2', '-c50', `-d${duration}s`, '--latency', ...headerArgs, ...(script ? ['-s', script] : []), url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    await new Promise((resolve) => child.on('exit', resolve))
    if (script) fs.rmSync(path.dirname(script), { recursive: true, force: true })
    return parseWrk(output)
  }
  const result = await autocannon({ url, connections: 50, duration, headers, method, body })
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

/** One GET on a new connection, nothing decoded: status, headers and the body's bytes as sent. */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

/** The middle value; with an even count, the mean of the middle two (two rounds: their mean). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const nginxBinary = which('nginx') ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined)

/**
 * The machine's own reference: nginx (Debian's package) on a loopback port serving `files`, each
 * the very bytes the app sent with its content type and encoding, so that a figure of ours is
 * read beside what a static server does on the same cores in the same run. Undefined without
 * nginx (apt-get install nginx-light). `urlOf(index)` is the address of `files[index]`; with
 * `proxyTo` (an origin), every other path is passed on to it, so a page's copy loads the same
 * styles, fonts and photos from the app.
 */
export async function startNginx(port, files, { proxyTo } = {}) {
  if (!nginxBinary) return undefined
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-bench-nginx-'))
  // nginx's workers drop root for `nobody`, who must be able to read the folder.
  fs.chmodSync(dir, 0o755)
  fs.mkdirSync(path.join(dir, 'www'), { mode: 0o755 })
  const locations = files.map((file, index) => {
    fs.writeFileSync(path.join(dir, 'www', `file-${index}`), file.body)
    const encoding = file.contentEncoding ? ` add_header Content-Encoding ${file.contentEncoding};` : ''
    // `gzip`: the app's own gzip bytes beside it, sent to a client that asks for gzip (gzip_static).
    if (file.gzip) fs.writeFileSync(path.join(dir, 'www', `file-${index}.gz`), file.gzip)
    return `location = /file-${index} { default_type "${file.contentType}";${encoding}${file.gzip ? ' gzip_static on;' : ''} }`
  })
  if (proxyTo) locations.push(`location / { proxy_pass ${proxyTo}; proxy_http_version 1.1; proxy_set_header Connection ""; }`)
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes auto; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; types {} server { listen 127.0.0.1:${port}; root ${dir}/www; ${locations.join(' ')} } }\n`,
  )
  const child = spawn(nginxBinary, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' })
  const urlOf = (index) => `http://127.0.0.1:${port}/file-${index}`
  await waitFor(urlOf(0))
  return {
    urlOf,
    pid: child.pid,
    sizeOf: (index) => fs.statSync(path.join(dir, 'www', `file-${index}`)).size,
    async stop() {
      child.kill('SIGQUIT')
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Every descendant of `pid`, and `pid`. */
export function processTree(pid) {
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
  return [...family]
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/**
 * CPU seconds (user and system) that `pids` have used so far. On a machine shared with other
 * work, the CPU a server spends per request moves far less than its requests per second, which
 * follow whatever else is running (decision 055).
 */
export function cpuSeconds(pids) {
  let ticks = 0
  for (const pid of pids) {
    try {
      // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process has ended.
    }
  }
  return ticks / CLOCK_TICKS
}
