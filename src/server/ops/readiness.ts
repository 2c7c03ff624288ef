import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { migrationProvider } from '~/server/db/migrations'
import type { AppServices } from '~/server/services'

/*
 * Whether this process can serve (issue 30 item 1, decision 041): the database answers, every
 * migration this build knows has run, and the storage takes a write. A load balancer asks
 * every few seconds, so each part is one small round trip, and none waits long: a database
 * that does not answer within READY_TIMEOUT_MS counts as down.
 */

export const READINESS_PARTS = ['startup', 'database', 'migrations', 'storage'] as const
export type ReadinessPart = (typeof READINESS_PARTS)[number]

export type PartState = { ok: true } | { ok: false; reason: string }
export type Readiness = { ready: boolean; failed: Array<ReadinessPart>; checks: Partial<Record<ReadinessPart, PartState>> }

const READY_TIMEOUT_MS = 3000

/**
 * Where the storage probe writes. Outside the folders the app serves and cleans
 * (`realtors/`, `demo/`), and one key per probe so workers never step on each other.
 */
const PROBE_FOLDER = 'ops/readiness'

/** A short, non-personal reason for the JSON answer: an error code or class, never a message with hosts or paths. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
    return code ?? (error.name === 'Error' ? 'error' : error.name)
  }
  return 'error'
}

class TimeoutError extends Error {
  constructor() {
    super('timed out')
    this.name = 'timeout'
  }
}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), READY_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

async function part(check: () => Promise<void>): Promise<PartState> {
  try {
    await withinTimeout(check())
    return { ok: true }
  } catch (error) {
    return { ok: false, reason: reasonOf(error) }
  }
}

async function databaseAnswers(services: AppServices): Promise<void> {
  await sql`select 1`.execute(services.db)
}

async function migrated(services: AppServices): Promise<void> {
  const migrations = await new Migrator({ db: services.db.withoutPlugins(), provider: migrationProvider }).getMigrations()
  const pending = migrations.filter((migration) => migration.executedAt === undefined)
  if (pending.length > 0) throw Object.assign(new Error(`${pending.length} migrations pending`), { code: 'pending' })
}

async function storageWritable(services: AppServices): Promise<void> {
  const key = `${PROBE_FOLDER}/${process.pid}-${randomUUID()}.txt`
  await services.storage.put(key, new TextEncoder().encode('ok'), 'text/plain')
  await services.storage.delete([key])
}

/** Checks every part at once; the migrations are only asked about when the database answers. */
export async function checkReadiness(services: AppServices): Promise<Readiness> {
  const [database, storage] = await Promise.all([part(() => databaseAnswers(services)), part(() => storageWritable(services))])
  const checks: Readiness['checks'] = { database, storage }
  if (database.ok) checks.migrations = await part(() => migrated(services))
  const failed = READINESS_PARTS.filter((name) => checks[name]?.ok === false)
  return { ready: failed.length === 0, failed, checks }
}

/** A system error code (ECONNREFUSED, ENOTFOUND), a PostgreSQL SQLSTATE (57P03, 3D000) or SQLite's. */
const CONNECTION_REASON = /^(?:E[A-Z_]+|SQLITE_[A-Z_]+|[0-9A-Z]{5}|timeout)$/

/**
 * The process could not make its services. A connection error (the start-up migration could not
 * reach the database) names the database; anything else (a bad setting) names the start-up.
 */
export function notStarted(error: unknown): Readiness {
  const reason = reasonOf(error)
  const failed: ReadinessPart = CONNECTION_REASON.test(reason) ? 'database' : 'startup'
  return { ready: false, failed: [failed], checks: { [failed]: { ok: false, reason } } }
}
