import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { copiable, seededFolder } from './seeded-folders'

/*
 * A production server of the suite's own (`npm start`'s launcher on a fresh data folder,
 * seeded), for the specs that must control its environment or may disturb its data: the page
 * store's workers and databases, the property-based suite's thousands of malformed requests.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }
export type Server = { base: string; port: number; env: NodeJS.ProcessEnv; output: () => string; process: ChildProcess; stop: () => Promise<void> }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export type RequestOptions = {
  headers?: Record<string, string>
  /** Sent as JSON, with an Origin of the server's own (as a browser's fetch would). */
  body?: unknown
  /** Sent exactly as given, with only the headers given. */
  rawBody?: string | Buffer
  agent?: http.Agent
  /** Rejects when no complete answer came in this time. */
  timeoutMs?: number
}

/** One request; a new connection unless an agent is given. */
export function request(server: Server, method: string, pathname: string, options: RequestOptions = {}): Promise<Answer> {
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  const jsonHeaders = options.rawBody === undefined && body !== undefined ? { 'content-type': 'application/json', origin: server.base } : {}
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: pathname,
        agent: options.agent ?? false,
        headers: { ...jsonHeaders, ...options.headers },
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
        response.on('error', reject)
      },
    )
    if (options.timeoutMs !== undefined) {
      outgoing.setTimeout(options.timeoutMs, () => outgoing.destroy(new Error(`no answer to ${method} ${pathname.slice(0, 200)} in ${options.timeoutMs} ms`)))
    }
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

async function waitUntilUp(server: Server): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`server exited:\n${server.output()}`)
    const answer = await request(server, 'GET', '/builds/latest.json').catch(() => undefined)
    if (answer?.status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server did not start:\n${server.output()}`)
}

export function run(args: Array<string>, env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** The environment of a server (or of its seed) on this port and data folder. */
function serverEnv(port: number, dataDir: string, databaseUrl: string | undefined, extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: [path.join(root, 'node_modules', '.bin'), process.env.PATH ?? ''].join(path.delimiter),
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_CONCURRENCY: '2',
    DEMO_HOMES: '40',
    RATE_LIMIT_AUTH: '1000',
    ...extra,
  }
}

/** The production build on a fresh, seeded data folder (SQLite unless a database URL is given). */
export async function startServer(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-own-server-e2e-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const extra = options.env ?? {}
  const env = serverEnv(port, dataDir, options.databaseUrl, extra)
  if (options.databaseUrl === undefined && copiable(extra)) {
    // Port 0 for the seed of the copy: it only prints where the app will be; it stores no address.
    const seeded = seededFolder(env, (folder, settings) => run(['scripts/run.mjs', 'scripts/seed.ts'], serverEnv(0, folder, undefined, settings)))
    fs.cpSync(seeded, dataDir, { recursive: true })
  } else {
    run(['scripts/run.mjs', 'scripts/seed.ts'], env)
  }
  const child = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const server: Server = {
    base,
    port,
    env,
    output: () => log,
    process: child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  await waitUntilUp(server)
  return server
}

/** Digits as letters: a desiredUrl and a name accept none. */
export function letters(value: number): string {
  return value.toString().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a')
}
