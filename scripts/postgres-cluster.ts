import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

/*
 * A throwaway PostgreSQL cluster on loopback, from Debian's binaries: the integration tests'
 * (tests/integration/global-setup.ts), the e2e specs that need one of their own, and the
 * benchmarks' (scripts/pg-cluster.ts). Here, in scripts, because a script never imports tests.
 */

const DATABASE_NAME = 'realtor_test'
const READY_TIMEOUT_MS = 30_000

/** Debian installs each major version under /usr/lib/postgresql/<major>/bin; the highest wins. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  const best = versions[0]
  return best === undefined ? undefined : path.join(root, best, 'bin')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * PostgreSQL refuses to run as root. As root we drop to Debian's `postgres` system user with
 * setpriv, which execs in place (unlike runuser/su): the child pid is the postmaster itself,
 * so signals reach it directly.
 */
function asPostgresUser(command: string, args: Array<string>): { command: string; args: Array<string> } {
  if (process.getuid?.() !== 0) return { command, args }
  return { command: 'setpriv', args: ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args] }
}

function postgresUid(): { uid: number; gid: number } {
  const result = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
  if (result.status !== 0 || group.status !== 0) {
    throw new Error("Running as root, but there is no `postgres` system user to run PostgreSQL as (install Debian's postgresql package)")
  }
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) }
}

async function waitUntilReady(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  let lastError: unknown
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited with code ${server.exitCode} during start:\n${output()}`)
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      return
    } catch (error) {
      lastError = error
      await client.end().catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  throw new Error(`PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s: ${String(lastError)}\n${output()}`)
}

export type Cluster = { url: string; stop: () => Promise<void> }

/** Starts one: a database `realtor_test` on a free port, durability off; `stop` removes it all. */
export async function startCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'realtor-pg-'))
  const dataDir = path.join(dir, 'data')
  const removeDir = () => rmSync(dir, { recursive: true, force: true })
  try {
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUid()
      chownSync(dir, uid, gid)
    }
    const initdb = asPostgresUser(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'])
    const init = spawnSync(initdb.command, initdb.args, { encoding: 'utf8', env: { ...process.env, LANG: 'C', LC_ALL: 'C' } })
    if (init.status !== 0) throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout || String(init.error)}`)
  } catch (error) {
    removeDir()
    throw error
  }

  const port = await freePort()
  // A throwaway cluster: durability settings off make the suites several times faster.
  const postgres = asPostgresUser(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ])
  const server = spawn(postgres.command, postgres.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LANG: 'C', LC_ALL: 'C' } })
  let log = ''
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000)
  }
  server.stdout?.on('data', collect)
  server.stderr?.on('data', collect)
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      // SIGINT is PostgreSQL's "fast shutdown": abort sessions, then exit cleanly.
      server.kill('SIGINT')
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref())
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        server.kill('SIGKILL')
        await exited
      }
    }
    removeDir()
  }

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
  try {
    await waitUntilReady(adminUrl, server, () => log)
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    await client.query(`create database ${DATABASE_NAME}`)
    await client.end()
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${DATABASE_NAME}`, stop }
}
