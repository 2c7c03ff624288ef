import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, copyFile, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { dataDir } from '~/server/config/env'
import { dbConfigFromEnv, type DbConfig } from '~/server/db/database'
import { migrationProvider } from '~/server/db/migrations'
import type { Log } from './create-backup'
import { POSTGRES_FILE, SECRET_FILE, SQLITE_FILE, BackupError, readManifest, verifyFile, type Manifest } from './manifest'
import { findPostgresTool, libpqConnection, runTool } from './postgres-tools'

/** Where a backup goes back to: the database and data folder DATABASE_URL and DATA_DIR name. */
export type RestoreTarget = { database: DbConfig; dataDir: string }

export function restoreTargetFromEnv(): RestoreTarget {
  return { database: dbConfigFromEnv(), dataDir: dataDir() }
}

/** Missing or an empty folder: the only data folder a restore writes into. */
async function isEmptyFolder(folder: string, except?: string): Promise<boolean> {
  try {
    return (await readdir(folder)).every((name) => name === except)
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return true
    throw error
  }
}

async function postgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(
      `Cannot connect to the PostgreSQL database of DATABASE_URL (${error instanceof Error ? error.message : String(error)}): create it empty first (createdb)`,
    )
  }
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    )
    return Number(rows[0]?.count ?? 0)
  } finally {
    await client.end()
  }
}

/** The SQLite file's place inside the data folder, or undefined when DATABASE_URL puts it elsewhere. */
function insideDataDir(file: string, folder: string): string | undefined {
  const relative = path.relative(folder, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : undefined
}

/**
 * Refuses anything but an empty target: a restore never mixes a backup with data already there,
 * and never overwrites what someone may still need.
 */
async function assertEmptyTarget(target: RestoreTarget, usesDataDir: boolean): Promise<void> {
  const refusals: Array<string> = []
  if (usesDataDir && !(await isEmptyFolder(target.dataDir))) refusals.push(`the data folder ${target.dataDir} (DATA_DIR) is not empty`)
  if (target.database.kind === 'sqlite') {
    const file = target.database.file
    if (existsSync(file) || existsSync(`${file}-wal`)) refusals.push(`a SQLite database already exists at ${file}`)
  } else {
    const tables = await postgresTables(target.database.url)
    if (tables > 0) refusals.push(`the PostgreSQL database of DATABASE_URL is not empty (${tables} tables)`)
  }
  if (refusals.length > 0) {
    throw new BackupError(`Restore refused: ${refusals.join('; ')}. A restore only goes into an empty place; move the current data away first.`)
  }
}

/** The migration names this version of the app knows, oldest first. */
async function knownMigrations(): Promise<Array<string>> {
  return Object.keys(await migrationProvider.getMigrations()).sort()
}

/**
 * Puts a backup back on an empty DATA_DIR and database. Every file is copied next to its final
 * place (a hidden folder beside DATA_DIR, a temporary name beside the SQLite file), checked
 * against the manifest there, and renamed into place only when all are whole: a failed restore
 * leaves the target as empty as it found it. PostgreSQL is restored in one transaction.
 */
export async function restoreBackup(from: string, target: RestoreTarget, log: Log = () => undefined): Promise<{ manifest: Manifest }> {
  const backup = path.resolve(from)
  const manifest = await readManifest(backup)
  if (manifest.engine !== target.database.kind) {
    const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' }
    throw new BackupError(
      `This backup is of a ${names[manifest.engine]} database, but DATABASE_URL names ${names[target.database.kind]}: set DATABASE_URL to match the backup`,
    )
  }
  const known = await knownMigrations()
  if (manifest.migration !== null && !known.includes(manifest.migration)) {
    throw new BackupError(`This backup was made by a newer version of the app (migration ${manifest.migration}): restore it with that version or later`)
  }
  const databaseFile = manifest.engine === 'sqlite' ? SQLITE_FILE : POSTGRES_FILE
  const databaseEntry = manifest.files.find((file) => file.path === databaseFile)
  if (!databaseEntry) throw new BackupError(`The manifest lists no ${databaseFile}: not a complete backup`)

  const sqliteTarget = target.database.kind === 'sqlite' ? target.database.file : undefined
  const sqliteInDataDir = sqliteTarget ? insideDataDir(sqliteTarget, target.dataDir) : undefined
  const dataDirFiles = manifest.files.filter((file) => file.path !== databaseFile)
  const usesDataDir = dataDirFiles.length > 0 || sqliteInDataDir !== undefined
  await assertEmptyTarget(target, usesDataDir)

  const suffix = randomBytes(6).toString('hex')
  // An existing DATA_DIR may be a mount point (a container's volume): it cannot be replaced, and a
  // folder beside it may be on another file system, where a rename fails. The files are staged
  // inside it then, and moved up when whole; a missing DATA_DIR is staged beside and renamed whole.
  const dataDirExists = existsSync(target.dataDir)
  const stagingName = dataDirExists ? `.restore-${suffix}` : `.${path.basename(target.dataDir)}.restore-${suffix}`
  const staging = dataDirExists ? path.join(target.dataDir, stagingName) : path.join(path.dirname(target.dataDir), stagingName)
  const stagedSqlite = sqliteTarget && !sqliteInDataDir ? `${sqliteTarget}.restore-${suffix}` : undefined
  try {
    /** Copies one listed file to `destination` and checks the copy, so what is put in place is what was backed up. */
    const place = async (entry: Manifest['files'][number], destination: string): Promise<void> => {
      await mkdir(path.dirname(destination), { recursive: true })
      await copyFile(path.join(backup, entry.path), destination).catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') throw new BackupError(`${entry.path} is missing from the backup`)
        throw error
      })
      await verifyFile(destination, entry)
    }

    if (usesDataDir) await mkdir(staging, { recursive: true, mode: 0o700 })
    for (const entry of dataDirFiles) {
      await place(entry, path.join(staging, ...entry.path.split('/')))
      if (entry.path === SECRET_FILE) await chmod(path.join(staging, SECRET_FILE), 0o600)
    }
    if (sqliteTarget) {
      await place(databaseEntry, sqliteInDataDir ? path.join(staging, sqliteInDataDir) : (stagedSqlite ?? sqliteTarget))
    } else if (target.database.kind === 'postgres') {
      await verifyFile(path.join(backup, POSTGRES_FILE), databaseEntry)
    }
    log(`[restore] ${manifest.files.length} files match the manifest of ${backup}`)

    if (target.database.kind === 'postgres') {
      const { dbname, env: pgEnv } = libpqConnection(target.database.url)
      // One transaction: a dump that fails halfway leaves the database empty, as it was.
      await runTool(
        findPostgresTool('pg_restore'),
        ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, path.join(backup, POSTGRES_FILE)],
        pgEnv,
      )
      log('[restore] PostgreSQL: pg_restore of database.pgdump into the database of DATABASE_URL (one transaction)')
    }

    // Checked again: an app started meanwhile would have created files the renames would lose.
    if (usesDataDir && !(await isEmptyFolder(target.dataDir, stagingName))) throw new BackupError(`Restore refused: ${target.dataDir} is no longer empty`)
    if (stagedSqlite && sqliteTarget) {
      if (existsSync(sqliteTarget)) throw new BackupError(`Restore refused: a SQLite database appeared at ${sqliteTarget}`)
      await rename(stagedSqlite, sqliteTarget)
    }
    if (usesDataDir && dataDirExists) {
      // The database last: an app started meanwhile finds it only with its uploads and secret beside it.
      const databaseTop = sqliteInDataDir?.split(path.sep)[0]
      const entries = (await readdir(staging)).sort((a, b) => Number(a === databaseTop) - Number(b === databaseTop))
      for (const entry of entries) await rename(path.join(staging, entry), path.join(target.dataDir, entry))
      await rmdir(staging)
    } else if (usesDataDir) {
      await rename(staging, target.dataDir)
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    if (stagedSqlite) await rm(stagedSqlite, { force: true })
    throw error
  }

  if (sqliteTarget) log(`[restore] SQLite database restored to ${sqliteTarget}`)
  const uploads = dataDirFiles.filter((file) => file.path.startsWith('uploads/')).length
  if (manifest.storage.kind === 'local')
    log(`[restore] uploads: ${uploads} file${uploads === 1 ? '' : 's'} restored to ${path.join(target.dataDir, 'uploads')}`)
  else log(`[restore] photos: not in the backup; they stay in S3 bucket "${manifest.storage.bucket}" (restore a version there if needed)`)
  const latest = known.at(-1)
  log(
    manifest.migration === latest
      ? `[restore] done: the database is at migration ${latest}, this version's newest`
      : `[restore] done: the database is at migration ${manifest.migration ?? 'none'}; \`npm run migrate\` (or starting the app) brings it to ${latest ?? 'none'}`,
  )
  return { manifest }
}
