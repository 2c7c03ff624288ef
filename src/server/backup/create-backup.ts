import { spawnSync } from 'node:child_process'
import { constants, existsSync, readFileSync } from 'node:fs'
import { copyFile, mkdir, opendir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import pg from 'pg'
import { dataDir, env, type Env } from '~/server/config/env'
import { dbConfigFromEnv, type DbConfig } from '~/server/db/database'
import { MANIFEST_FILE, POSTGRES_FILE, SECRET_FILE, SQLITE_FILE, UPLOADS_FOLDER, BackupError, sha256Of, type Manifest, type ManifestFile } from './manifest'
import { findPostgresTool, libpqConnection, runTool } from './postgres-tools'

/** What a backup copies: the database, and the uploads when they are on the local disk. */
export type BackupSource = {
  database: DbConfig
  dataDir: string
  uploads: { kind: 'local'; dir: string } | { kind: 's3'; bucket: string }
}

export type Log = (line: string) => void

export function backupSourceFromEnv(config: Env = env()): BackupSource {
  const folder = dataDir()
  return {
    database: dbConfigFromEnv(),
    dataDir: folder,
    // The rule storageConfigFromEnv (services.ts) picks the driver by: all three S3 settings.
    uploads:
      config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { kind: 's3', bucket: config.S3_BUCKET }
        : { kind: 'local', dir: path.join(folder, 'uploads') },
  }
}

/** `2026-11-27T173005Z`: sorts by time, and has no colon (not allowed in every file system). */
function folderName(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '')
}

function appVersion(): Manifest['app'] {
  let version = 'unversioned'
  try {
    const pkg: unknown = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8'))
    if (typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string') version = pkg.version
  } catch {
    // A deployment without its package.json still gets a backup; the migration says the schema.
  }
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' })
  return { version, commit: git.status === 0 ? git.stdout.trim() : null }
}

/**
 * The newest app migration recorded, read from the copy itself so it matches the data. The copy
 * is switched out of WAL mode first, so it is one self-contained file (the app turns WAL back on
 * when it opens a restored copy).
 */
function finishSqliteCopy(file: string): string | null {
  const copy = new SqliteDatabase(file, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
    const table = copy.prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`).get()
    if (!table) return null
    const row: unknown = copy.prepare('select name from kysely_migration order by name desc limit 1').get()
    return typeof row === 'object' && row !== null && 'name' in row && typeof row.name === 'string' ? row.name : null
  } finally {
    copy.close()
  }
}

async function postgresMigration(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const exists = await client.query<{ found: string | null }>(`select to_regclass('public.kysely_migration')::text as found`)
    if (!exists.rows[0]?.found) return null
    const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name desc limit 1')
    return rows[0]?.name ?? null
  } finally {
    await client.end()
  }
}

/**
 * SQLite's online backup API through its own connection, as any other process would: the app
 * keeps reading and writing meanwhile (WAL). All pages are copied in one step, under one read
 * transaction, so the copy is the database as of that moment; copying in small steps would
 * start over after every write of another connection and might never finish on a busy site.
 */
async function backupSqlite(file: string, target: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no SQLite database at ${file} (check DATA_DIR and DATABASE_URL)`)
  const source = new SqliteDatabase(file, { fileMustExist: true })
  try {
    source.pragma('busy_timeout = 5000')
    await source.backup(target, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
}

/** Every file under the local uploads folder, as paths relative to it. */
async function* uploadFiles(root: string, relative = ''): AsyncGenerator<string> {
  let folder
  try {
    folder = await opendir(path.join(root, relative))
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return
    throw error
  }
  for await (const entry of folder) {
    const name = relative === '' ? entry.name : `${relative}/${entry.name}`
    // The readiness probe's objects live a moment (ops/); a `.tmp` file is an upload still being
    // written, renamed into place when whole (local-storage.ts): neither is a photo.
    if (name === 'ops' || entry.name.endsWith('.tmp')) continue
    if (entry.isDirectory()) yield* uploadFiles(root, name)
    else if (entry.isFile()) yield name
  }
}

/**
 * Copies the uploads after the database snapshot: a stored file never changes and gets a new
 * key when replaced, so every file the snapshot names already exists and is copied. Files
 * uploaded later come along too and are harmless (the hourly cleanup removes what nobody shows).
 */
async function copyUploads(from: string, to: string): Promise<number> {
  let copied = 0
  for await (const name of uploadFiles(from)) {
    const target = path.join(to, name)
    await mkdir(path.dirname(target), { recursive: true })
    try {
      await copyFile(path.join(from, name), target, constants.COPYFILE_FICLONE)
      copied += 1
    } catch (error) {
      // Removed by the cleanup since the folder was listed: nothing the snapshot shows.
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') continue
      throw error
    }
  }
  return copied
}

async function listFiles(folder: string): Promise<Array<ManifestFile>> {
  const files: Array<ManifestFile> = []
  async function walk(relative: string): Promise<void> {
    for await (const entry of await opendir(path.join(folder, relative))) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isDirectory()) await walk(name)
      else files.push({ path: name, ...(await sha256Of(path.join(folder, name))) })
    }
  }
  await walk('')
  return files.sort((a, b) => a.path.localeCompare(b.path))
}

/**
 * Writes one backup folder under `destination`, named by the time it began. It is built under a
 * hidden `.partial` name and renamed when whole, so a folder with a plain name is always complete.
 */
export async function createBackup(source: BackupSource, destination: string, log: Log = () => undefined): Promise<{ folder: string; manifest: Manifest }> {
  const startedAt = new Date()
  const name = folderName(startedAt)
  const folder = path.resolve(destination, name)
  const partial = path.resolve(destination, `.${name}.partial`)
  if (existsSync(folder)) throw new BackupError(`${folder} already exists: one backup per second at most`)
  // Owner only: a backup holds every account, message and the generated secret.
  await mkdir(partial, { recursive: true, mode: 0o700 })
  try {
    let migration: string | null
    if (source.database.kind === 'sqlite') {
      await backupSqlite(source.database.file, path.join(partial, SQLITE_FILE))
      migration = finishSqliteCopy(path.join(partial, SQLITE_FILE))
      log(`[backup] SQLite ${source.database.file}: online copy (SQLite backup API) as of ${startedAt.toISOString()}`)
    } else {
      const url = source.database.url
      const before = await postgresMigration(url)
      const { dbname, env: pgEnv } = libpqConnection(url)
      // One dump is one snapshot transaction: a consistent copy while the app writes on.
      await runTool(
        findPostgresTool('pg_dump'),
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(partial, POSTGRES_FILE)}`, `--dbname=${dbname}`],
        pgEnv,
      )
      migration = await postgresMigration(url)
      if (migration !== before) throw new BackupError('Migrations ran while pg_dump ran (an upgrade started): run the backup again')
      log(`[backup] PostgreSQL: pg_dump --format=custom (one snapshot transaction) as of ${startedAt.toISOString()}`)
    }

    if (source.uploads.kind === 'local') {
      const copied = await copyUploads(source.uploads.dir, path.join(partial, UPLOADS_FOLDER))
      log(`[backup] uploads: ${copied} file${copied === 1 ? '' : 's'} copied from ${source.uploads.dir}`)
    } else {
      log(`[backup] photos: in S3 bucket "${source.uploads.bucket}", not copied; the bucket's versioning and replication are their backup (README, Backups)`)
    }

    const secret = path.join(source.dataDir, SECRET_FILE)
    if (existsSync(secret)) await copyFile(secret, path.join(partial, SECRET_FILE))

    const manifest: Manifest = {
      format: 1,
      startedAt: startedAt.toISOString(),
      createdAt: new Date().toISOString(),
      engine: source.database.kind,
      migration,
      app: appVersion(),
      storage: source.uploads.kind === 'local' ? { kind: 'local' } : { kind: 's3', bucket: source.uploads.bucket },
      files: await listFiles(partial),
    }
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    await rename(partial, folder)
    const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0)
    log(`[backup] done: ${folder} (${manifest.files.length} files, ${(bytes / 1_048_576).toFixed(1)} MB, migration ${migration ?? 'none'})`)
    return { folder, manifest }
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}
