import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createBackup } from '../../src/server/backup/create-backup'
import { BackupError, readManifest, type Manifest } from '../../src/server/backup/manifest'
import { restoreBackup } from '../../src/server/backup/restore-backup'
import { openDatabase, type AppDatabase, type DbConfig } from '../../src/server/db/database'
import { migrationProvider } from '../../src/server/db/migrations'
import { enqueueMail } from '../../src/server/mail/outbox'
import { createServices, type AppServices } from '../../src/server/services'
import { createStorage } from '../../src/server/uploads/storage'
import { ORIGIN, SECRET, describeOnEachDatabase, makeJpeg, postgresUrl, testEnv } from './harness'

/*
 * Issue 30 item 5: `npm run backup` while the app writes on, then `npm run restore` into an
 * empty place. Both run as package.json runs them, in their own processes, against a real
 * SQLite file and a real PostgreSQL; the app's writes go on in this process meanwhile. Every
 * write acknowledged before the backup began must be in the restored copy, and the copy must
 * be a snapshot: exactly the first N writes, no gaps.
 */

const root = path.resolve(import.meta.dirname, '../..')
const scripts = z
  .object({ scripts: z.object({ backup: z.string(), restore: z.string() }) })
  .parse(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))).scripts

const PHOTO_KEY = 'realtors/backup-test/top/photo.jpg'

/** An operator's shell: none of the test runner's settings, the project's Node 24 first (DESIGN §10). */
function operatorEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) => !/^(NODE_ENV|VITEST|TEST|DATABASE_URL|DATA_DIR|BACKUP_DIR|S3_|BETTER_AUTH_SECRET|PUBLIC_URL|SMTP_URL)/.test(name),
  )
  return { ...Object.fromEntries(kept), PATH: [path.join(root, 'node_modules', '.bin'), process.env.PATH ?? ''].join(path.delimiter), ...settings }
}

/** `npm run <name> -- args` as package.json says, without blocking this process's event loop (the writes go on). */
function runScript(name: 'backup' | 'restore', args: Array<string>, settings: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', `${scripts[name]} "$@"`, 'sh', ...args], { cwd: root, env: operatorEnv(settings), stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('close', (status) => resolve({ status, output }))
  })
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!postgresUrl) throw new Error('no PostgreSQL server')
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** A new, empty PostgreSQL database on the test server; its URL. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_backup_${randomBytes(5).toString('hex')}`
  await withAdmin((client) => client.query(`create database ${name}`))
  const url = new URL(postgresUrl ?? '')
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined) }
}

type Write = { id: string; acknowledgedAt: number }

/**
 * The app's own writes, one after another, through the mail outbox's store function: each id is
 * recorded when tried and again when its insert has returned (acknowledged).
 */
function startWrites(services: AppServices): { attempted: Array<string>; acknowledged: Array<Write>; stop: () => Promise<void> } {
  const attempted: Array<string> = []
  const acknowledged: Array<Write> = []
  let stopping = false
  const running = (async () => {
    for (let index = 0; !stopping; index++) {
      const id = `backup-write-${String(index).padStart(7, '0')}`
      attempted.push(id)
      await enqueueMail(
        services.db,
        {
          kind: 'lead-reply',
          leadId: null,
          realtorId: null,
          savedSearchId: null,
          toAddress: `visitor-${index}@example.com`,
          fromName: 'Backup test',
          replyTo: null,
          subject: `Write ${index}`,
          textBody: `Write number ${index}, acknowledged before or after the backup began.`,
          htmlBody: null,
        },
        new Date(),
        id,
      )
      acknowledged.push({ id, acknowledgedAt: Date.now() })
      // A pause of the event loop's own: the SQLite driver answers synchronously, and without
      // one this loop would never let the backup process's exit be noticed.
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  })()
  return {
    attempted,
    acknowledged,
    stop: async () => {
      stopping = true
      await running
    },
  }
}

function waitForWrites(stream: { acknowledged: Array<Write> }, count: number): Promise<void> {
  return vi.waitFor(
    () => {
      if (stream.acknowledged.length < count) throw new Error(`${stream.acknowledged.length} of ${count} writes acknowledged`)
    },
    { timeout: 20_000, interval: 20 },
  )
}

async function openServices(database: AppDatabase, dataDir: string): Promise<AppServices> {
  return createServices({
    database,
    env: testEnv({ DATA_DIR: dataDir }),
    secret: SECRET,
    storage: createStorage({ driver: 'local', dir: path.join(dataDir, 'uploads'), publicBaseUrl: ORIGIN, signingSecret: SECRET }),
  })
}

async function writtenIds(services: AppServices): Promise<Array<string>> {
  const rows = await services.db.selectFrom('mailOutbox').select('id').where('id', 'like', 'backup-write-%').orderBy('id').execute()
  return rows.map((row) => row.id)
}

const latestMigration = Object.keys(await migrationProvider.getMigrations())
  .sort()
  .at(-1)

describeOnEachDatabase('npm run backup during writes, then npm run restore', (database) => {
  let dir: string
  let dataDir: string
  let restoredDir: string
  let services: AppServices
  let sourceConfig: DbConfig
  let restoredConfig: DbConfig
  const drops: Array<() => Promise<void>> = []
  let writes: ReturnType<typeof startWrites> | undefined
  let backupRun: { status: number | null; output: string }
  let restoreRun: { status: number | null; output: string }
  let backupFolder: string
  let manifest: Manifest
  let photo: Uint8Array
  let restored: AppServices | undefined

  /** The settings the operator's commands get: DATA_DIR, and DATABASE_URL for PostgreSQL. */
  const settingsFor = (config: DbConfig, folder: string): Record<string, string> =>
    config.kind === 'postgres' ? { DATA_DIR: folder, DATABASE_URL: config.url } : { DATA_DIR: folder }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'realtor-backup-'))
    dataDir = path.join(dir, 'data')
    restoredDir = path.join(dir, 'restored')
    if (database.name === 'postgres') {
      const source = await createPostgresDatabase()
      const target = await createPostgresDatabase()
      drops.push(source.drop, target.drop)
      sourceConfig = { kind: 'postgres', url: source.url }
      restoredConfig = { kind: 'postgres', url: target.url }
    } else {
      sourceConfig = { kind: 'sqlite', file: path.join(dataDir, 'app.sqlite') }
      restoredConfig = { kind: 'sqlite', file: path.join(restoredDir, 'app.sqlite') }
    }
    services = await openServices(openDatabase(sourceConfig), dataDir)
    photo = await makeJpeg()
    await services.storage.put(PHOTO_KEY, photo, 'image/jpeg')

    const stream = startWrites(services)
    writes = stream
    await waitForWrites(stream, 50)
    backupRun = await runScript('backup', [path.join(dir, 'backups')], settingsFor(sourceConfig, dataDir))
    // Writes acknowledged after the backup process ended: the stream ran the whole time.
    const endedAt = stream.acknowledged.length
    await waitForWrites(stream, endedAt + 5)
    await stream.stop()
    if (backupRun.status !== 0) throw new Error(`npm run backup failed:\n${backupRun.output}`)

    const folders = (await readdir(path.join(dir, 'backups'))).filter((name) => !name.startsWith('.'))
    if (folders.length !== 1 || !folders[0]) throw new Error(`expected one backup folder, found ${folders.join(', ')}`)
    backupFolder = path.join(dir, 'backups', folders[0])
    manifest = await readManifest(backupFolder)

    restoreRun = await runScript('restore', [backupFolder], settingsFor(restoredConfig, restoredDir))
    if (restoreRun.status !== 0) throw new Error(`npm run restore failed:\n${restoreRun.output}`)
    // The restored copy opened as the app opens it: migrations run (to this version's newest).
    restored = await openServices(openDatabase(restoredConfig), restoredDir)
  }, 240_000)

  afterAll(async () => {
    await writes?.stop()
    await restored?.close()
    await services.close()
    for (const drop of drops) await drop()
    await rm(dir, { recursive: true, force: true })
  })

  it('says what it copied, and how', () => {
    if (database.name === 'sqlite') expect(backupRun.output).toMatch(/\[backup\] SQLite .*app\.sqlite: online copy \(SQLite backup API\)/)
    else expect(backupRun.output).toMatch(/\[backup\] PostgreSQL: pg_dump --format=custom \(one snapshot transaction\)/)
    // The photo and what the local store keeps beside it (its content type).
    const uploads = manifest.files.filter((file) => file.path.startsWith('uploads/')).length
    expect(uploads).toBeGreaterThanOrEqual(1)
    expect(backupRun.output).toContain(`[backup] uploads: ${uploads} file${uploads === 1 ? '' : 's'} copied`)
    expect(backupRun.output).toContain(`[backup] done: ${backupFolder}`)
    expect(restoreRun.output).toMatch(/\[restore\] done: the database is at migration/)
  })

  it('writes a manifest of the engine, the schema version and every file with its checksum', () => {
    expect(manifest.engine).toBe(database.name)
    expect(manifest.migration).toBe(latestMigration)
    expect(manifest.storage).toEqual({ kind: 'local' })
    const paths = manifest.files.map((file) => file.path)
    expect(paths).toContain(database.name === 'sqlite' ? 'database.sqlite' : 'database.pgdump')
    expect(paths).toContain(`uploads/${PHOTO_KEY}`)
    for (const file of manifest.files) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('keeps every write acknowledged before the backup began, as a snapshot (the first N writes, no gap)', async () => {
    if (!restored || !writes) throw new Error('not restored')
    const began = Date.parse(manifest.startedAt)
    const before = writes.acknowledged.filter((write) => write.acknowledgedAt < began).map((write) => write.id)
    // The stream wrote before and after the backup began: the backup ran amid writes.
    expect(before.length).toBeGreaterThanOrEqual(50)
    expect(writes.acknowledged.length).toBeGreaterThan(before.length)

    const ids = await writtenIds(restored)
    expect(ids.slice(0, before.length)).toEqual(before)
    expect(ids).toEqual(writes.attempted.slice(0, ids.length))
    // And the source still has every write: nothing was lost there either.
    expect(await writtenIds(services)).toEqual(writes.acknowledged.map((write) => write.id))
  })

  it('restores a copy the app opens at the newest migration', async () => {
    if (!restored) throw new Error('not restored')
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(restored.db)
    expect(rows.at(-1)?.name).toBe(latestMigration)
    expect(await restored.storage.get(PHOTO_KEY)).toEqual({ bytes: photo, contentType: 'image/jpeg' })
  })

  it('puts the uploads back', async () => {
    for (const file of manifest.files.filter((entry) => entry.path.startsWith('uploads/'))) {
      expect(existsSync(path.join(restoredDir, ...file.path.split('/'))), file.path).toBe(true)
    }
    expect(new Uint8Array(await readFile(path.join(restoredDir, 'uploads', ...PHOTO_KEY.split('/'))))).toEqual(photo)
  })

  it('refuses a target that is not empty, and changes nothing there', async () => {
    if (!restored) throw new Error('not restored')
    const count = (await writtenIds(restored)).length
    const again = await runScript('restore', [backupFolder], settingsFor(restoredConfig, restoredDir))
    expect(again.status, again.output).toBe(1)
    expect(again.output).toMatch(/\[restore\] Restore refused: .*not empty|already exists/)
    expect((await writtenIds(restored)).length).toBe(count)
    expect((await readdir(dir)).filter((name) => name.includes('.restore-'))).toEqual([])
  }, 120_000)

  it('refuses a damaged backup and leaves the empty target empty', async () => {
    const damaged = path.join(dir, 'damaged')
    await cp(backupFolder, damaged, { recursive: true })
    const file = path.join(damaged, 'uploads', ...PHOTO_KEY.split('/'))
    const bytes = await readFile(file)
    bytes[bytes.length - 3] = (bytes.at(-3) ?? 0) ^ 0xff
    await writeFile(file, bytes)

    const emptyDir = path.join(dir, 'empty')
    let target: DbConfig = { kind: 'sqlite', file: path.join(emptyDir, 'app.sqlite') }
    if (database.name === 'postgres') {
      const created = await createPostgresDatabase()
      drops.push(created.drop)
      target = { kind: 'postgres', url: created.url }
    }
    const attempt = restoreBackup(damaged, { database: target, dataDir: emptyDir })
    await expect(attempt).rejects.toThrow(BackupError)
    await expect(attempt).rejects.toThrow(/does not match the manifest/)
    expect(existsSync(emptyDir)).toBe(false)
    expect((await readdir(dir)).filter((name) => name.includes('.restore-'))).toEqual([])
    if (target.kind === 'postgres') {
      const url = target.url
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      const { rows } = await client.query<{ count: string }>(`select count(*) as count from information_schema.tables where table_schema = 'public'`)
      await client.end()
      expect(Number(rows[0]?.count)).toBe(0)
    }
  })
})

describe('a backup of an older version', () => {
  it('restores at its own migration, and the app brings it forward when it opens it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'realtor-backup-older-'))
    try {
      const source: DbConfig = { kind: 'sqlite', file: path.join(dir, 'data', 'app.sqlite') }
      const older = await openServices(openDatabase(source), path.join(dir, 'data'))
      // The database as the version before the newest migration left it.
      const { error } = await new Migrator({ db: older.db.withoutPlugins(), provider: migrationProvider }).migrateDown()
      await older.close()
      if (error) throw error instanceof Error ? error : new Error('migrating down failed')
      // The secret a start without BETTER_AUTH_SECRET generates (services.ts resolveSecret).
      await writeFile(path.join(dir, 'data', 'auth-secret'), 'a'.repeat(64), { mode: 0o600 })

      const lines: Array<string> = []
      const { folder, manifest } = await createBackup(
        { database: source, dataDir: path.join(dir, 'data'), uploads: { kind: 'local', dir: path.join(dir, 'data', 'uploads') } },
        path.join(dir, 'backups'),
        (line) => lines.push(line),
      )
      const known = Object.keys(await migrationProvider.getMigrations()).sort()
      expect(manifest.migration).toBe(known.at(-2))
      expect(lines.at(-1)).toMatch(/^\[backup\] done: .* \(\d+ files?, [\d.]+ MB, migration /)

      const target: DbConfig = { kind: 'sqlite', file: path.join(dir, 'restored', 'app.sqlite') }
      // An empty DATA_DIR that exists (a container's volume, which cannot be replaced) is restored into.
      await mkdir(path.join(dir, 'restored'))
      await restoreBackup(folder, { database: target, dataDir: path.join(dir, 'restored') }, (line) => lines.push(line))
      expect(lines.at(-1)).toBe(
        `[restore] done: the database is at migration ${known.at(-2)}; \`npm run migrate\` (or starting the app) brings it to ${latestMigration}`,
      )

      expect((await readdir(path.join(dir, 'restored'))).sort()).toEqual(['app.sqlite', 'auth-secret'])
      expect((await stat(path.join(dir, 'restored', 'auth-secret'))).mode & 0o777).toBe(0o600)
      const restored = await openServices(openDatabase(target), path.join(dir, 'restored'))
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(restored.db)
      await restored.close()
      expect(rows.at(-1)?.name).toBe(latestMigration)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('is refused by a restore into another engine than it was made on', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'realtor-backup-engine-'))
    try {
      const source: DbConfig = { kind: 'sqlite', file: path.join(dir, 'data', 'app.sqlite') }
      const app = await openServices(openDatabase(source), path.join(dir, 'data'))
      await app.close()
      const { folder } = await createBackup(
        { database: source, dataDir: path.join(dir, 'data'), uploads: { kind: 'local', dir: path.join(dir, 'data', 'uploads') } },
        path.join(dir, 'backups'),
      )
      await expect(
        restoreBackup(folder, { database: { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }, dataDir: path.join(dir, 'restored') }),
      ).rejects.toThrow('This backup is of a SQLite database, but DATABASE_URL names PostgreSQL: set DATABASE_URL to match the backup')
      expect(existsSync(path.join(dir, 'restored'))).toBe(false)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('npm run backup with photos on S3', () => {
  it('copies the database, says the bucket is not copied, and records it in the manifest', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'realtor-backup-s3-'))
    try {
      const dataDir = path.join(dir, 'data')
      const app = await openServices(openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'app.sqlite') }), dataDir)
      await app.close()
      // No S3 server is needed: the backup never touches the bucket.
      const run = await runScript('backup', [], {
        DATA_DIR: dataDir,
        BACKUP_DIR: path.join(dir, 'backups'),
        S3_BUCKET: 'realtor-photos',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      })
      expect(run.status, run.output).toBe(0)
      expect(run.output).toContain(
        '[backup] photos: in S3 bucket "realtor-photos", not copied; the bucket\'s versioning and replication are their backup (README, Backups)',
      )
      const [folder] = await readdir(path.join(dir, 'backups'))
      const manifest = await readManifest(path.join(dir, 'backups', folder ?? ''))
      expect(manifest.storage).toEqual({ kind: 's3', bucket: 'realtor-photos' })
      expect(manifest.files.map((file) => file.path).filter((name) => name.startsWith('uploads/'))).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
