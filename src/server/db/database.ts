import fs from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type Dialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely'
import { LRUCache } from 'lru-cache'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { dataDir, env } from '~/server/config/env'
import { migrationProvider } from './migrations'
import type { Database } from './schema'
import { componentLogger } from '~/server/logging/logger'

export type DbKind = 'sqlite' | 'postgres'
export type DbConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }

export type AppDatabase = {
  db: Kysely<Database>
  kind: DbKind
  /** The dialect, shared with better-auth so both use one connection pool. */
  dialect: Dialect
  /** The SQLite connection itself, for the one read that runs on every request (decision 009). */
  sqlite?: SqliteDatabase.Database
  /** PostgreSQL: the pool's connections now, for the metrics (SQLite has one connection, no pool). */
  poolUse?: () => PoolUse
  close: () => Promise<void>
}

export type PoolUse = { total: number; idle: number; waiting: number }

export function dbConfigFromEnv(): DbConfig {
  const url = env().DATABASE_URL
  if (url && /^postgres(?:ql)?:\/\//.test(url)) return { kind: 'postgres', url }
  if (url && url.startsWith('file:')) return { kind: 'sqlite', file: path.resolve(url.slice('file:'.length)) }
  if (url) return { kind: 'sqlite', file: path.resolve(url) }
  return { kind: 'sqlite', file: path.join(dataDir(), 'app.sqlite') }
}

function createDialect(config: DbConfig): { dialect: Dialect; sqlite?: SqliteDatabase.Database; poolUse?: () => PoolUse } {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 })
    // An idle connection can be closed by the server (restart, failover, admin command);
    // node-postgres then emits 'error' on the pool, which would crash the process unhandled.
    // The pool drops that client and opens a new one on the next query.
    pool.on('error', (error) => componentLogger('db').warn({ err: error }, 'idle PostgreSQL connection lost'))
    return {
      dialect: new PostgresDialect({ pool }),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    }
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true })
  const sqlite = new SqliteDatabase(config.file)
  // WAL lets readers work while one writer commits; the busy timeout lets several
  // processes share the file instead of failing on a momentary lock.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return { dialect: new SqliteDialect({ database: reusingStatements(sqlite) }), sqlite }
}

/** Distinct statements kept compiled: every query text the app has, with room to spare. */
const STATEMENT_CACHE_SIZE = 1000

/**
 * Issue 32 item 10: each better-sqlite3 statement holds its compiled program in native memory
 * until V8 collects its small JS wrapper, which a heap with no pressure does late. Kysely
 * prepares a statement per query, so a run of many small queries (an alert run: a handful per
 * mail, 9,000 mails) piled up hundreds of MB of dead statements. Statements are reused per SQL
 * text instead, from a bounded LRU (evicted ones are collected as before); one busy iterating
 * a stream is not shared, that query gets a statement of its own.
 */
function reusingStatements(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: STATEMENT_CACHE_SIZE })
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql)
      if (cached && !cached.busy) return cached
      const statement = sqlite.prepare(sql)
      statements.set(sql, statement)
      return statement
    },
  }
}

export function openDatabase(config: DbConfig): AppDatabase {
  const { dialect, sqlite, poolUse } = createDialect(config)
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] })
  return { db, kind: config.kind, dialect, sqlite, poolUse, close: () => db.destroy() }
}

export async function migrateToLatest(database: AppDatabase): Promise<void> {
  const migrator = new Migrator({ db: database.db.withoutPlugins(), provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  for (const result of results ?? []) {
    if (result.status === 'Error') componentLogger('db').error({ migration: result.migrationName }, 'migration failed')
  }
  if (error) throw error instanceof Error ? error : new Error('[db] migration failed', { cause: error })
}
