import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { dataDir, env, type Env } from '~/server/config/env'
import { localOrigin, ourHostsFrom, type OurHosts } from '~/server/config/our-hosts'
import { sendAccountMail } from './auth/account-mails'
import { configuredProviders, createAuth, migrateAuth, type Auth, type AuthSettings } from './auth/auth'
import { migrateToLatest, type AppDatabase, type DbKind, type PoolUse } from './db/database'
import type { Database } from './db/schema'
import { createMailer, type Mailer } from './mail/mailer'
import { createStorage, type StorageConfig, type StorageDriver } from './uploads/storage'
import { listingPhotoSettingsFrom, type ListingPhotoSettings } from './listings/listing-photo-fetch'
import { loadDisplayProfiles, type DisplayProfiles } from './listings/display-profile'
import { cdnPurgeConfigFrom, type CdnPurgeConfig } from './cdn-purge/config'
import { translationConfigFrom, type TranslationConfig } from './translation/config'
import { readRevisions, RevisionWatch, sqliteRevisionReader } from './pages/revisions'
import { VisitCounter } from './stats/visit-counter'
import { componentLogger } from './logging/logger'
import { BackgroundWork } from './background-work'
import type { RateLimitRule } from './web/rate-limit'

/** RATE_LIMIT_EXPORT counts data exports per hour (decision 043), whatever RATE_LIMIT_WINDOW_SECONDS says. */
export const EXPORT_WINDOW_SECONDS = 3600

export type ServerConfig = {
  adminEmails: ReadonlyArray<string>
  uploadMaxBytes: number
  /** Age after which an upload no realtor shows is removed (uploads/cleanup.ts). */
  uploadCleanupGraceHours: number
  signingSecret: string
  rateLimits: Record<'auth' | 'contact' | 'savedSearch' | 'tour' | 'upload' | 'export', RateLimitRule>
  providers: Array<'google' | 'kakao'>
  mailFrom: string
  /** PUBLIC_URL: where mail links point when a realtor has no own domain (saved searches, issue 13). */
  publicUrl: string | undefined
  /** Our own site's hosts, which no realtor may name as their domain. */
  ourHosts: OurHosts
  /** MAIL_POSTAL_ADDRESS: the postal address alert mails show when the realtor gave none (CAN-SPAM). */
  mailPostalAddress: string | undefined
  siteName: { ko: string; en: string }
  /** Each listing source's MLS display profile (issue 15), checked at startup. */
  displayProfiles: DisplayProfiles
  /** CDN_PURGE and its vendor's credentials (decision 046), checked at startup. */
  cdnPurge: CdnPurgeConfig
  /** Which listing photos the server fetches to make width variants, and where from (decision 064). */
  listingPhotos: ListingPhotoSettings
  /** TRANSLATION_PROVIDER, its credentials and the daily budget (issue 54, decision 071), checked at startup. */
  translation: TranslationConfig
}

/** Everything a use case may touch. Built once per process; tests build one per database. */
export type AppServices = {
  db: Kysely<Database>
  dbKind: DbKind
  /** The PostgreSQL pool's use now; undefined on SQLite (one connection, nothing to report). */
  dbPoolUse: (() => PoolUse) | undefined
  auth: Auth
  storage: StorageDriver
  mailer: Mailer | undefined
  config: ServerConfig
  now: () => Date
  /** What public pages show, as of now, for every process (decision 009). */
  revisions: RevisionWatch
  /** This process's visitor counts, written in batches (decision 016). */
  visits: VisitCounter
  /** Work requests leave running after they answer; `close` waits for it. */
  background: BackgroundWork
  close: () => Promise<void>
}

/** A development secret is generated once and kept in the data folder (never committed). */
export function resolveSecret(configured: string | undefined, folder: string): string {
  if (configured) return configured
  const file = path.join(folder, 'auth-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(folder, { recursive: true })
    const secret = randomBytes(32).toString('hex')
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  }
}

export function storageConfigFromEnv(config: Env, secret: string): StorageConfig {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return {
      driver: 's3',
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
      publicBaseUrl: config.S3_PUBLIC_BASE_URL,
    }
  }
  return {
    driver: 'local',
    dir: path.join(dataDir(), 'uploads'),
    publicBaseUrl: config.PUBLIC_URL?.replace(/\/$/, '') ?? localOrigin(),
    signingSecret: secret,
  }
}

/**
 * Several workers may start on a fresh database at once (`npm start`). Kysely's migrator
 * holds a lock; better-auth's compares and then creates, so a worker that loses that race
 * fails on a table the other just made: trying again finds nothing left to do.
 */
async function migrateOnce(migrate: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate()
    } catch (error) {
      if (attempt >= 5) throw error
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
    }
  }
}

export type ServiceOverrides = {
  database: AppDatabase
  storage?: StorageDriver
  mailer?: Mailer
  env?: Env
  secret?: string
  now?: () => Date
}

export async function createServices(overrides: ServiceOverrides): Promise<AppServices> {
  const config = overrides.env ?? env()
  const secret = overrides.secret ?? resolveSecret(config.BETTER_AUTH_SECRET, dataDir())
  const { database } = overrides
  const mailer = overrides.mailer ?? createMailer(config.SMTP_URL, config.MAIL_FROM)
  // Before anything else: a wrong profile file stops the start with its reason, not a page later.
  const displayProfiles = loadDisplayProfiles(config.LISTINGS_DISPLAY_PROFILES)
  const cdnPurge = cdnPurgeConfigFrom(config)
  const translation = translationConfigFrom(config)
  const siteNames = { ko: config.SITE_NAME_KO, en: config.SITE_NAME_EN }
  const authSettings: AuthSettings = {
    dialect: database.dialect,
    dbKind: database.kind,
    secret,
    // PUBLIC_URL's documented default (docs/configuration.md) rather than none:
    // better-auth would otherwise guess its origin from each request and warn at every start.
    baseURL: config.PUBLIC_URL ?? localOrigin(),
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET ? { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } : undefined,
    kakao: config.KAKAO_CLIENT_ID && config.KAKAO_CLIENT_SECRET ? { clientId: config.KAKAO_CLIENT_ID, clientSecret: config.KAKAO_CLIENT_SECRET } : undefined,
    sendResetPassword: mailer ? (input) => sendAccountMail(mailer, siteNames, 'reset-password', input) : undefined,
    // Only the ADMIN_EMAILS bootstrap needs a verified address, so only listed addresses get the
    // link: the send-verification-email endpoint is open (better-auth answers the same whoever
    // asks), and this keeps it from mailing a realtor's inbox again and again; a listed address
    // gets mail only until it is verified. A failed send is logged, not thrown, so it never fails
    // the sign-up it follows; the endpoint sends it again.
    sendVerificationEmail: mailer
      ? async (input) => {
          if (!config.ADMIN_EMAILS.includes(input.email.toLowerCase())) return
          await sendAccountMail(mailer, siteNames, 'verify-email', input).catch((error: unknown) =>
            componentLogger('mail').error({ err: error }, 'verification link not sent'),
          )
        }
      : undefined,
  }
  // better-auth's tables first: the app's migration 0005 adds the account role to its `user` table.
  await migrateOnce(() => migrateAuth(authSettings))
  await migrateOnce(() => migrateToLatest(database))
  const window = config.RATE_LIMIT_WINDOW_SECONDS
  const now = overrides.now ?? (() => new Date())
  const visits = new VisitCounter({ db: database.db, now, flushEvents: config.STATS_FLUSH_EVENTS })
  const background = new BackgroundWork()
  return {
    db: database.db,
    dbKind: database.kind,
    dbPoolUse: database.poolUse,
    auth: createAuth(authSettings),
    storage: overrides.storage ?? createStorage(storageConfigFromEnv(config, secret)),
    mailer,
    config: {
      adminEmails: config.ADMIN_EMAILS,
      uploadMaxBytes: config.UPLOAD_MAX_BYTES,
      uploadCleanupGraceHours: config.UPLOAD_CLEANUP_GRACE_HOURS,
      signingSecret: secret,
      rateLimits: {
        auth: { limit: config.RATE_LIMIT_AUTH, windowSeconds: window },
        contact: { limit: config.RATE_LIMIT_CONTACT, windowSeconds: window },
        savedSearch: { limit: config.RATE_LIMIT_SAVED_SEARCH, windowSeconds: window },
        tour: { limit: config.RATE_LIMIT_TOUR, windowSeconds: window },
        upload: { limit: config.RATE_LIMIT_UPLOAD, windowSeconds: window },
        export: { limit: config.RATE_LIMIT_EXPORT, windowSeconds: EXPORT_WINDOW_SECONDS },
      },
      providers: configuredProviders(authSettings),
      mailFrom: config.MAIL_FROM,
      publicUrl: config.PUBLIC_URL,
      ourHosts: ourHostsFrom(config),
      mailPostalAddress: config.MAIL_POSTAL_ADDRESS,
      siteName: { ko: config.SITE_NAME_KO, en: config.SITE_NAME_EN },
      displayProfiles,
      cdnPurge,
      listingPhotos: listingPhotoSettingsFrom(config),
      translation,
    },
    now,
    revisions: new RevisionWatch(database.sqlite ? sqliteRevisionReader(database.sqlite) : () => readRevisions(database.db)),
    visits,
    background,
    // Work still running finishes, and what was counted and not written yet goes out, before
    // the database closes.
    close: async () => {
      await background.close()
      await visits.flush().catch((error: unknown) => componentLogger('stats').error({ err: error }, 'last flush failed'))
      await database.close()
    },
  }
}
