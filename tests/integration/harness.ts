import { randomBytes, randomInt } from 'node:crypto'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql, type Insertable } from 'kysely'
import pg from 'pg'
import sharp from 'sharp'
import { describe, expect, inject } from 'vitest'
import type { RealtorInput } from '../../src/schemas/realtor'
import { resolveActor, type Actor } from '../../src/server/auth/actor'
import { setPlatformRole } from '../../src/server/auth/platform-role'
import { openDatabase, type AppDatabase, type DbConfig } from '../../src/server/db/database'
import type { MarketSnapshotTable } from '../../src/server/db/schema'
import { API_PREFIX, handleApiRequest } from '../../src/server/http/api'
import { handleAuthRequest } from '../../src/server/http/auth-handler'
import { handleUploadRequest } from '../../src/server/http/upload-handler'
import type { Mailer } from '../../src/server/mail/mailer'
import { createServices, type AppServices } from '../../src/server/services'
import { createStorage, type StorageDriver } from '../../src/server/uploads/storage'
import { ADMIN_EMAIL, ORIGIN, SECRET, TEST_LIMITS, testEnv } from './test-env'

export const V1 = API_PREFIX
export { ADMIN_EMAIL, ORIGIN, SECRET, TEST_LIMITS, testEnv }
export const PASSWORD = 'correct-horse-battery'

// Databases ------------------------------------------------------------------------------------

export type DbName = 'sqlite' | 'postgres'

/** The server started by global-setup.ts (or DATABASE_TEST_URL); undefined when neither exists. */
export const postgresUrl: string | undefined = inject('postgresUrl')
const postgresTemplate = inject('postgresTemplate')
const sqliteTemplate: string = inject('sqliteTemplate')

export type TestDatabase = { database: AppDatabase; cleanup: () => Promise<void> }

async function openSqlite(options: { migrated: boolean }): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'realtor-sqlite-'))
  const file = path.join(dir, 'app.sqlite')
  if (options.migrated) await copyFile(sqliteTemplate, file)
  const database = openDatabase({ kind: 'sqlite', file })
  return { database, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** A fresh database per suite on the provided server, dropped afterwards. */
async function openPostgres(options: { migrated: boolean }): Promise<TestDatabase> {
  const adminUrl = postgresUrl
  if (!adminUrl) throw new Error('No PostgreSQL server was provided (see tests/integration/global-setup.ts)')
  const name = `test_${randomBytes(6).toString('hex')}`
  const template = options.migrated ? postgresTemplate : undefined
  const from = template ? ` template ${template.name}${template.strategy ? ` strategy ${template.strategy}` : ''}` : ''
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}${from}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = openDatabase({ kind: 'postgres', url: url.toString() })
  return {
    database,
    cleanup: () => withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  }
}

/**
 * `open()` is an empty database, for the suites that test migrations themselves;
 * `openMigrated()` a copy of the one global-setup.ts migrated, what every app of a suite starts from.
 */
export const databases: ReadonlyArray<{
  name: DbName
  available: boolean
  open: () => Promise<TestDatabase>
  openMigrated: () => Promise<TestDatabase>
}> = [
  { name: 'sqlite', available: true, open: () => openSqlite({ migrated: false }), openMigrated: () => openSqlite({ migrated: true }) },
  {
    name: 'postgres',
    available: postgresUrl !== undefined,
    open: () => openPostgres({ migrated: false }),
    openMigrated: () => openPostgres({ migrated: true }),
  },
]

export type TestDatabaseKind = (typeof databases)[number]

/**
 * One describe per database; PostgreSQL's is skipped, saying why, when no server can be had
 * (no binaries and no DATABASE_TEST_URL).
 */
export function describeOnEachDatabase(subject: string, body: (database: TestDatabaseKind) => void): void {
  for (const database of databases) {
    const title = database.available
      ? `${subject} on ${database.name}`
      : `${subject} on ${database.name} (skipped: no PostgreSQL binaries and no DATABASE_TEST_URL)`
    describe.skipIf(!database.available)(title, () => body(database))
  }
}

export function databaseNamed(name: DbName) {
  const found = databases.find((database) => database.name === name)
  if (!found) throw new Error(`unknown database ${name}`)
  return found
}

// Services -------------------------------------------------------------------------------------

/** A clock the tests can pin and move; real time unless set. */
export type TestClock = { now: () => Date; set: (date: Date) => void; advance: (ms: number) => void; reset: () => void }

export function createClock(): TestClock {
  let pinned: Date | undefined
  return {
    now: () => (pinned ? new Date(pinned) : new Date()),
    set: (date) => {
      pinned = new Date(date)
    },
    advance: (ms) => {
      pinned = new Date((pinned ?? new Date()).getTime() + ms)
    },
    reset: () => {
      pinned = undefined
    },
  }
}

/**
 * A time `secondsIntoWindow` after the start of the current rate-limit window (RATE_LIMIT_WINDOW_SECONDS
 * unless `windowSeconds` names another, as the data export's hour): Retry-After becomes exact.
 */
export function pinnedInWindow(clock: TestClock, secondsIntoWindow = 10, windowSeconds: number = TEST_LIMITS.windowSeconds): number {
  const windowMs = windowSeconds * 1000
  clock.set(new Date(Math.floor(Date.now() / windowMs) * windowMs + secondsIntoWindow * 1000))
  return windowSeconds - secondsIntoWindow
}

export type TestApp = {
  services: AppServices
  clock: TestClock
  storageDir: string
  dbName: DbName
  close: () => Promise<void>
}

export async function createTestApp(
  dbName: DbName,
  options: {
    env?: Record<string, string | undefined>
    mailer?: Mailer
    database?: TestDatabase
    /** Another store than the local disk under ORIGIN (an S3 driver, another public base). */
    storage?: (storageDir: string) => StorageDriver
  } = {},
): Promise<TestApp> {
  const opened = options.database ?? (await databaseNamed(dbName).openMigrated())
  const storageDir = await mkdtemp(path.join(tmpdir(), 'realtor-uploads-'))
  const clock = createClock()
  try {
    const services = await createServices({
      database: opened.database,
      env: testEnv(options.env),
      secret: SECRET,
      storage: options.storage
        ? options.storage(storageDir)
        : createStorage({ driver: 'local', dir: storageDir, publicBaseUrl: ORIGIN, signingSecret: SECRET }),
      mailer: options.mailer,
      now: clock.now,
    })
    return {
      services,
      clock,
      storageDir,
      dbName,
      close: async () => {
        await services.close()
        await opened.cleanup()
        await rm(storageDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await opened.database.close().catch(() => undefined)
    await opened.cleanup().catch(() => undefined)
    await rm(storageDir, { recursive: true, force: true })
    throw error
  }
}

// HTTP helpers ---------------------------------------------------------------------------------

let ipCounter = randomInt(1, 1000) * 1000

/** A client address nobody else uses, so rate limits of one test never touch another. */
/**
 * A month of a city's market figures as the snapshot job stores them: Irvine's demo month, quiet
 * (no sales counted), with what a test needs in place of each default.
 */
export function marketSnapshotRow(month: string, values: Partial<Insertable<MarketSnapshotTable>> = {}): Insertable<MarketSnapshotTable> {
  return {
    stateOrProvince: 'CA',
    cityKey: 'irvine',
    month,
    city: 'Irvine',
    source: 'demo',
    isDemo: 1,
    listingCount: 10,
    activeCount: 10,
    newListings: 0,
    priceReductions: 0,
    soldCount: null,
    medianListPrice: 1_000_000,
    medianPricePerSquareFoot: 500,
    medianDaysOnMarket: 20,
    monthsOfSupply: null,
    asOf: `${month}-28T00:00:00.000Z`,
    ...values,
  }
}

export function uniqueIp(): string {
  ipCounter += 1
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
}

/** `T`: the body as the test expects it (its assertions check it); unknown until it says. */
export type HttpResult<T = unknown> = {
  status: number
  headers: Headers
  /** Parsed JSON when the response is JSON, else undefined. */
  body: T
  text: string
}

// vitest types its asymmetric matchers as `any`; these hand them on as what they are to a reader.
export const anyString: unknown = expect.any(String)
export const stringMatching = (pattern: RegExp): unknown => expect.stringMatching(pattern)

// Bodies as the tests read them: the fields they look at, no more.
/** DESIGN §5: the error body of every endpoint. */
export type ErrorBody = { code: string; message: string; fieldErrors?: Record<string, Array<string>> }
export type RealtorBody = { id: string; userId: string; desiredUrl: string; aboutMeEn: string | null; photos: Array<unknown> }
export type ContactCreatedBody = { id: string; realtorId: string; delivery: string }
export type MessagesBody = {
  messages: Array<{ id: string; realtorId: string; status: string; createdAt: string; deliveryState: string }>
  total: number
  unread: number
  nextCursor: string | null
}

async function read<T>(response: Response): Promise<HttpResult<T>> {
  const text = await response.text()
  const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json')
  const body: unknown = isJson && text !== '' ? JSON.parse(text) : undefined
  return { status: response.status, headers: response.headers, body: body as T, text }
}

export type ApiOptions = {
  token?: string
  /** Serialized as JSON. */
  body?: unknown
  /** Sent as is (with content-type application/json unless headers say otherwise). */
  rawBody?: string | Uint8Array
  lang?: string
  ip?: string
  headers?: Record<string, string>
}

function buildRequest(method: string, url: string, options: ApiOptions): Request {
  const headers = new Headers(options.headers)
  if (options.token) headers.set('authorization', `Bearer ${options.token}`)
  if (options.lang) headers.set('accept-language', options.lang)
  let body: string | Uint8Array | undefined
  if (options.rawBody !== undefined) body = options.rawBody
  else if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json')
  return new Request(url, { method, headers, body: body as BodyInit | undefined })
}

/** One request to the REST face, `path` relative to `/cozying-api/v1` unless it is absolute. */
export async function api<T = unknown>(services: AppServices, method: string, path: string, options: ApiOptions = {}): Promise<HttpResult<T>> {
  const full = path.startsWith('/cozying-api') ? path : `${V1}${path}`
  const request = buildRequest(method, `${ORIGIN}${full}`, options)
  return read<T>(await handleApiRequest(request, { services, clientIp: options.ip ?? uniqueIp() }))
}

/** One request to better-auth under /api/auth. */
export async function authRequest<T = unknown>(services: AppServices, method: string, path: string, options: ApiOptions = {}): Promise<HttpResult<T>> {
  const request = buildRequest(method, `${ORIGIN}/api/auth${path}`, options)
  return read<T>(await handleAuthRequest(request, { services, clientIp: options.ip ?? uniqueIp() }))
}

/** The local driver's upload endpoint. */
export async function uploadRequest(
  services: AppServices,
  method: string,
  url: string,
  body?: Uint8Array,
  headers: Record<string, string> = {},
): Promise<HttpResult & { bytes: Uint8Array }> {
  const response = await handleUploadRequest(new Request(url, { method, headers, body: body as BodyInit | undefined }), services)
  const bytes = new Uint8Array(await response.clone().arrayBuffer())
  return { ...(await read(response)), bytes }
}

let emailCounter = 0

export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1
  return `${prefix}-${Date.now().toString(36)}-${emailCounter}@example.com`
}

/** Signs up through better-auth and returns the bearer token from `set-auth-token`. */
export async function signUp(services: AppServices, email: string, password = PASSWORD): Promise<string> {
  const result = await authRequest(services, 'POST', '/sign-up/email', { body: { email, password, name: email.split('@')[0] } })
  const token = result.headers.get('set-auth-token')
  if (result.status !== 200 || !token) throw new Error(`sign-up of ${email} failed: ${result.status} ${result.text}`)
  return token
}

/**
 * A platform admin: signs up, then is granted the stored role the way an operator does it
 * (`npm run admin:grant`). ADMIN_EMAILS alone no longer makes an admin (the address must be
 * verified, see auth-admin-role.test.ts), and these accounts never verify theirs.
 */
export async function signUpAdmin(services: AppServices, email = ADMIN_EMAIL): Promise<string> {
  const token = await signUp(services, email)
  const change = await setPlatformRole(services.auth, email, 'admin')
  if (change.kind === 'missing') throw new Error(`${email} was not found after signing up`)
  return token
}

/**
 * The Actor a use case sees for a bearer token, resolved the way the server functions and
 * REST handlers resolve it (admin by the stored role); for calling use cases directly.
 */
export async function actorFor(services: AppServices, token: string): Promise<Actor> {
  const actor = await resolveActor(services.auth, new Headers({ authorization: `Bearer ${token}` }), services.config.adminEmails)
  if (!actor) throw new Error('the token did not resolve to a signed-in user')
  return actor
}

/** desiredUrl allows letters, hyphens and underscores only, so the random part is letters. */
export function uniqueSlug(prefix = 'realtor'): string {
  const letters = Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('')
  return `${prefix}-${letters}`
}

export function validRealtor(overrides: Partial<RealtorInput> & Record<string, unknown> = {}): Record<string, unknown> {
  return {
    desiredUrl: uniqueSlug(),
    email: 'jane.kim@example.com',
    contactPhone: '949-555-0123',
    phoneCountryCode: 'US',
    aboutMeEn: 'Helping families find homes in Orange County.',
    aboutMeKr: '오렌지 카운티에서 가족의 집을 찾아 드립니다.',
    activityRegion: [{ state: 'CA', city: 'Irvine' }],
    // California requires both on a published homepage (issue 15).
    licenseNumber: 'DRE #02345678',
    brokerageName: 'Orange Coast Realty',
    seoMeta: { en: { title: 'Jane Kim' }, ko: { title: '제인 김' } },
    ...overrides,
  }
}

export function validContact(realtorId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    realtorId,
    lastName: 'Lee',
    firstName: 'Minji',
    email: 'minji.lee@example.org',
    phone: '010-1234-5678',
    phoneCountryCode: 'KR',
    message: 'I would like to see the house on Main Street.',
    isTerm: 'Y',
    ...overrides,
  }
}

// Files ----------------------------------------------------------------------------------------

export async function makeJpeg(width = 32, height = 24): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer(),
  )
}

export type PresignedItem = {
  path: string
  contentType: string
  key: string
  uploadUrl: string
  url: string
  expiresAt: string
  imageType: string
  /** What the PUT must carry (src/schemas/uploads.ts). */
  headers: Record<string, string>
}

/** presign → PUT through the real endpoints; returns the stored URL and key. */
export async function uploadPhoto(services: AppServices, token: string, photoPath = 'logo'): Promise<{ url: string; key: string }> {
  const presigned = await api(services, 'POST', '/realtor/presigned-multi-file-upload', {
    token,
    body: { files: [{ path: photoPath, contentType: 'image/jpeg', name: 'photo.jpg' }] },
  })
  if (presigned.status !== 200) throw new Error(`presign failed: ${presigned.status} ${presigned.text}`)
  const item = (presigned.body as Array<PresignedItem>)[0]
  if (!item) throw new Error('presign returned no item')
  const put = await uploadRequest(services, 'PUT', item.uploadUrl, await makeJpeg(), { 'content-type': 'image/jpeg' })
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${put.text}`)
  return { url: item.url, key: item.key }
}

// Assertions -----------------------------------------------------------------------------------

/** DESIGN §5: `{ message, code, fieldErrors? }`, JSON, never an HTML page. */
export function expectError(result: HttpResult, status: number, code: string, englishMessage?: string): void {
  const body = (typeof result.body === 'object' && result.body !== null ? result.body : {}) as Record<string, unknown>
  expect({ status: result.status, code: body.code }, result.text).toEqual({ status, code })
  expect(result.headers.get('content-type')).toMatch(/^application\/json/)
  expect(result.text).not.toMatch(/<html|<!doctype/i)
  expect(Object.keys(body).filter((key) => !['message', 'code', 'fieldErrors'].includes(key))).toEqual([])
  expect(typeof body.message).toBe('string')
  expect((body.message as string).length).toBeGreaterThan(0)
  if (englishMessage !== undefined) expect(body.message).toBe(englishMessage)
}

/** A second process on the same database: its own connection (pool), the same clock; `env` what its settings add to the tests' own. */
export async function openSecondServices(
  dbName: 'sqlite' | 'postgres',
  first: AppServices,
  env: Record<string, string | undefined> = {},
): Promise<AppServices> {
  let config: DbConfig
  if (dbName === 'sqlite') {
    const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(first.db)).rows[0]?.file
    if (!file) throw new Error('no SQLite file')
    config = { kind: 'sqlite', file }
  } else {
    const current = await first.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow()
    if (!postgresUrl) throw new Error('no PostgreSQL')
    const url = new URL(postgresUrl)
    url.pathname = `/${current.name}`
    config = { kind: 'postgres', url: url.toString() }
  }
  return createServices({ database: openDatabase(config), env: testEnv(env), secret: SECRET, mailer: undefined, now: first.now })
}
