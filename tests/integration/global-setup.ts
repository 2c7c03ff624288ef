import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { findPostgresBin, startCluster } from '../../scripts/postgres-cluster'
import { openDatabase, type AppDatabase } from '../../src/server/db/database'
import { createServices } from '../../src/server/services'
import { createStorage } from '../../src/server/uploads/storage'
import { ORIGIN, SECRET, testEnv } from './test-env'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL the integration suites may create databases on; undefined skips them. */
    postgresUrl: string | undefined
    /**
     * A database on that server with every migration applied, which the suites copy
     * (`create database … template …`) instead of migrating their own; undefined when it
     * could not be made (a DATABASE_TEST_URL without that right), and they migrate as before.
     */
    postgresTemplate: { name: string; strategy: 'file_copy' | undefined } | undefined
    /** A migrated SQLite file the suites copy instead of migrating their own. */
    sqliteTemplate: string
  }
}

const TEMPLATE_NAME = 'realtor_migrated_template'

/*
 * Every suite used to open fresh databases and run all migrations on each, 50-odd times per run
 * and per test in a few (about 0.7 s each on PostgreSQL). They are migrated once here, and the
 * suites copy the result (issue 50). A suite that needs an empty database still gets one from
 * `databases[].open()`.
 */
/** Migrates as every suite's app would (better-auth's tables, then the app's), then closes. */
async function migrate(database: AppDatabase, storageDir: string): Promise<void> {
  const services = await createServices({
    database,
    env: testEnv(),
    secret: SECRET,
    storage: createStorage({ driver: 'local', dir: storageDir, publicBaseUrl: ORIGIN, signingSecret: SECRET }),
  })
  await services.close()
}

async function migratedSqliteFile(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'realtor-sqlite-template-'))
  const file = path.join(dir, 'template.sqlite')
  // Closing checkpoints the write-ahead log into the file, so the file alone is the database.
  await migrate(openDatabase({ kind: 'sqlite', file }), dir)
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

async function migratedPostgresTemplate(serverUrl: string): Promise<{ name: string; strategy: 'file_copy' | undefined } | undefined> {
  const url = new URL(serverUrl)
  url.pathname = `/${TEMPLATE_NAME}`
  let strategy: 'file_copy' | undefined
  try {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      // Copying a small template file by file (PostgreSQL 15 and later) is much faster than the
      // default, which writes every block to the write-ahead log.
      const { rows } = await client.query<{ server_version_num: string }>('show server_version_num')
      strategy = Number(rows[0]?.server_version_num) >= 150_000 ? 'file_copy' : undefined
      await client.query(`drop database if exists ${TEMPLATE_NAME}`)
      await client.query(`create database ${TEMPLATE_NAME}`)
    } finally {
      await client.end()
    }
  } catch (error) {
    console.warn(`[integration] no template database (${String(error)}); each suite migrates its own.`)
    return undefined
  }
  // Closed after: a template may have no open connection while it is copied.
  const dir = mkdtempSync(path.join(tmpdir(), 'realtor-pg-template-'))
  try {
    await migrate(openDatabase({ kind: 'postgres', url: url.toString() }), dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return { name: TEMPLATE_NAME, strategy }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sqlite = await migratedSqliteFile()
  project.provide('sqliteTemplate', sqlite.file)
  const stopped = await startPostgres(project)
  return async () => {
    await stopped()
    sqlite.remove()
  }
}

async function startPostgres(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DATABASE_TEST_URL?.trim()
  if (external) {
    project.provide('postgresUrl', external)
    project.provide('postgresTemplate', await migratedPostgresTemplate(external))
    return async () => {}
  }
  const bin = findPostgresBin()
  if (!bin) {
    const message = "No PostgreSQL binaries under /usr/lib/postgresql/*/bin (install Debian's `postgresql` package) and DATABASE_TEST_URL is not set"
    if (process.env.CI) throw new Error(`${message}: CI must run the integration tests against PostgreSQL too.`)
    console.warn(`[integration] ${message}; the PostgreSQL suites are skipped.`)
    project.provide('postgresUrl', undefined)
    project.provide('postgresTemplate', undefined)
    return async () => {}
  }
  const cluster = await startCluster(bin)
  project.provide('postgresUrl', cluster.url)
  try {
    project.provide('postgresTemplate', await migratedPostgresTemplate(cluster.url))
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return cluster.stop
}
