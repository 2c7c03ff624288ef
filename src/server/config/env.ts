import path from 'node:path'
import { z } from 'zod'

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined))

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== ''),
  )

/**
 * Every setting the server reads, checked once. docs/configuration.md lists them all (a unit
 * test keeps it so); nothing else in the code reads `process.env`.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalString,
  /** Where `npm run backup` writes its folders when no destination is given (decision 045). */
  BACKUP_DIR: z.string().default('backups'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  SITE_NAME_KO: z.string().default('리얼터 홈'),
  SITE_NAME_EN: z.string().default('Realtor Home'),
  PRODUCT_HOSTS: commaList,
  DEV_HOST: optionalString,
  BETTER_AUTH_SECRET: optionalString,
  ADMIN_EMAILS: commaList,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  KAKAO_CLIENT_ID: optionalString,
  KAKAO_CLIENT_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Realtor Home <no-reply@localhost>'),
  /** The platform's postal address, for alert mails of realtors who gave no brokerage address (CAN-SPAM). */
  MAIL_POSTAL_ADDRESS: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PUBLIC_BASE_URL: optionalString,
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /**
   * How old an upload no realtor shows must be before the hourly cleanup removes it: long enough
   * for a realtor to upload a photo and save the page later. At least an hour, so a file is never
   * removed while its 15-minute upload link is still in use.
   */
  UPLOAD_CLEANUP_GRACE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 366)
    .default(24),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CONTACT: z.coerce.number().int().positive().default(5),
  /** Saved searches (issue 13), counted per client address and per e-mail address alike. */
  RATE_LIMIT_SAVED_SEARCH: z.coerce.number().int().positive().default(5),
  /** Tour requests (issue 26), per client address. */
  RATE_LIMIT_TOUR: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_UPLOAD: z.coerce.number().int().positive().default(30),
  /**
   * Data exports (decision 043) per account per hour, whoever's realtor it names: each one reads
   * everything a realtor owns and streams every photo, so a loop of them is a load no sign-in
   * limit catches. Its own hour, not RATE_LIMIT_WINDOW_SECONDS: a minute would allow hundreds a day.
   */
  RATE_LIMIT_EXPORT: z.coerce.number().int().positive().default(5),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Demo listings the start command generates on an empty listings table (issue 6). */
  DEMO_HOMES: z.coerce.number().int().min(0).max(200_000).default(1000),
  /** RESO Web API import (issue 6, README "Listings"): the OData service root, e.g. https://api.mls.example/odata. */
  RESO_API_URL: optionalString.pipe(z.url().optional()),
  /** OAuth2 client-credentials token endpoint; or give RESO_ACCESS_TOKEN directly. */
  RESO_TOKEN_URL: optionalString.pipe(z.url().optional()),
  RESO_CLIENT_ID: optionalString,
  RESO_CLIENT_SECRET: optionalString,
  RESO_SCOPE: optionalString,
  RESO_ACCESS_TOKEN: optionalString,
  /** The OData entity set, `Property` in the RESO Data Dictionary. */
  RESO_RESOURCE: z.string().default('Property'),
  RESO_STATES: z
    .string()
    .default('CA,GA')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter((item) => item !== ''),
    ),
  /** Cities to import; empty means every city of the states. */
  RESO_CITIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  RESO_STATUSES: z
    .string()
    .default('Active,Pending,ComingSoon')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  RESO_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(200),
  /** The OData entity set of open houses (`OpenHouse` in the RESO Data Dictionary); unset: open houses are not imported. */
  RESO_OPENHOUSE_RESOURCE: optionalString,
  /** A JSON file of each listing source's MLS display profile (docs/listings-import.md); unset: the defaults. */
  LISTINGS_DISPLAY_PROFILES: optionalString,
  /** Memory of each process's page store, in MB (issue 12, decision 009). */
  PAGE_STORE_MB: z.coerce.number().min(1).max(4096).default(64),
  /** How long a CDN may keep a public page (`s-maxage`), and serve it stale while it asks again. */
  PAGE_CACHE_S_MAXAGE: z.coerce.number().int().min(0).max(31_536_000).default(60),
  PAGE_CACHE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(31_536_000).default(60),
  /**
   * How many Host names each process remembers as ours, a realtor's own domain or nobody's
   * (server/site/own-domain.ts). Raise it above the number of own domains served.
   */
  HOST_LOOKUP_CACHE_ENTRIES: z.coerce.number().int().min(100).max(1_000_000).default(10_000),
  /**
   * How many proxies in front of the app append to `X-Forwarded-For` (a load balancer, a CDN):
   * the client's address is read that many hops from the right. 0: the socket's peer.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Visitor statistics (decision 016): each process writes what it counted every
   * STATS_FLUSH_MS, or sooner once STATS_FLUSH_EVENTS have piled up. The e2e tests shorten it.
   */
  STATS_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  STATS_FLUSH_EVENTS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /**
   * The lead desk (decision 021): how often the scheduler answers pending leads (a reply also
   * goes right after its lead is stored; this catches what that missed) and looks for realtors
   * whose daily digest hour has come.
   */
  LEAD_REPLY_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  LEAD_DIGEST_INTERVAL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /**
   * Bearer token that opens `/metrics` (issue 30, decision 041). Unset: `/metrics` answers 404, so
   * a deployment that never asked for metrics shows nothing of its inner workings.
   */
  METRICS_TOKEN: optionalString,
  /**
   * The least severe log line written (decision 044). `debug` adds the health and metrics probes'
   * request lines and the visitor statistics' flushes; `silent` writes nothing. The command-line
   * scripts (`npm run setup`, `listings:import`, …) default to `warn`: scripts/run.mjs sets it when
   * unset, so they print their own sentences and not the server's lines.
   */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json`: one JSON object a line, for a log collector. `pretty`: a short readable line. Unset:
   * pretty only outside production on a terminal (`vite dev`, `npm start` typed by hand), JSON otherwise.
   */
  LOG_FORMAT: optionalString.pipe(z.enum(['json', 'pretty']).optional()),
  /** Set by `npm start` (scripts/serve.mjs) in each worker; worker 0 runs the scheduled jobs. */
  WORKER_INDEX: z.coerce.number().int().min(0).optional(),
  /**
   * Which CDN the changed pages' surrogate keys are purged from (issue 30 item 4, decision 046):
   * `none` logs them as before (decision 009); `cloudflare` purges by Cache-Tag, `fastly` by
   * Surrogate-Key, from an outbox written in each change's transaction.
   */
  CDN_PURGE: z.enum(['none', 'cloudflare', 'fastly']).default('none'),
  CLOUDFLARE_ZONE_ID: optionalString,
  /** An API token with the zone's Cache Purge permission. */
  CLOUDFLARE_API_TOKEN: optionalString,
  /** Tests point this at a loopback server; the real API otherwise. */
  CLOUDFLARE_API_BASE_URL: z.url().default('https://api.cloudflare.com/client/v4'),
  FASTLY_SERVICE_ID: optionalString,
  /** An API token with the `purge_select` scope on the service. */
  FASTLY_API_TOKEN: optionalString,
  FASTLY_API_BASE_URL: z.url().default('https://api.fastly.com'),
  /** `true`: Fastly marks pages stale (`Fastly-Soft-Purge: 1`) rather than removing them. */
  FASTLY_SOFT_PURGE: z.enum(['true', 'false']).default('false'),
  /**
   * The map of the home search page and the listing page (issue 29, decision 049): a MapLibre
   * style JSON, absolute or on this site (`/map-data/style.json`, files under DATA_DIR/map).
   * Unset: OpenFreeMap's public OpenStreetMap style (`DEFAULT_MAP_STYLE_URL` in
   * src/server/map/map-config.ts, decision 062). `off`: no map is offered and the list works
   * alone. On a host other than ours, the map loads only after the visitor asks for it.
   */
  MAP_STYLE_URL: optionalString.pipe(
    z
      .string()
      .max(2000)
      .transform((value) => (value.toLowerCase() === 'off' ? 'off' : value))
      .refine((value) => value === 'off' || /^https?:\/\/[^/]/i.test(value) || /^\/(?!\/)/.test(value), {
        error: 'MAP_STYLE_URL must be an http(s) URL, a path on this site starting with one /, or off',
      })
      .optional(),
  ),
  /** Who made the map's tiles and data, shown on it as the licence asks (e.g. `© OpenStreetMap contributors`). */
  MAP_ATTRIBUTION: optionalString.pipe(z.string().max(300).optional()),
  /**
   * Hosts the style pulls from besides its own (tiles, glyphs, sprites elsewhere): origins such as
   * `https://tiles.example.com`, added to the pages' Content-Security-Policy with the style's.
   */
  /**
   * Hosts whose listing photos the server may fetch to make their width variants (decision 064):
   * host names, or `*.example.com` for every subdomain; unset: the RESO_API_URL's host; `none`: no
   * host (listing photos stay as the feed names them).
   */
  LISTING_PHOTO_HOSTS: commaList.pipe(
    z.array(
      z.string().regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$|^none$/, {
        error: 'LISTING_PHOTO_HOSTS lists host names such as photos.example-mls.com or *.example-mls.com, separated by commas, or none',
      }),
    ),
  ),
  /**
   * Lets the listing photo fetcher reach private, loopback and link-local addresses: only for the
   * tests' loopback photo host or a feed on the operator's own private network (decision 064).
   */
  LISTING_PHOTO_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  MAP_EXTRA_ORIGINS: commaList.pipe(
    z.array(
      z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value, {
        error: 'MAP_EXTRA_ORIGINS lists origins such as https://tiles.example.com, separated by commas',
      }),
    ),
  ),
  /**
   * Machine translation of listings' remarks and of the realtor's drafts (issue 54, decision 071):
   * which provider, `off` for none. Each provider's key is needed only when it is the one chosen;
   * its URL setting points the adapter at a loopback server in tests.
   */
  TRANSLATION_PROVIDER: z.enum(['deepl', 'google', 'papago', 'off']).default('off'),
  DEEPL_API_KEY: optionalString,
  /** Unset: api-free.deepl.com for a Free key (ending in `:fx`), api.deepl.com otherwise. */
  DEEPL_API_URL: optionalString.pipe(z.url().optional()),
  GOOGLE_TRANSLATE_API_KEY: optionalString,
  GOOGLE_TRANSLATE_API_URL: z.url().default('https://translation.googleapis.com/language/translate/v2'),
  /** Naver Cloud Platform's API Gateway key pair of the Papago Translation application. */
  PAPAGO_CLIENT_ID: optionalString,
  PAPAGO_CLIENT_SECRET: optionalString,
  PAPAGO_API_URL: z.url().default('https://papago.apigw.ntruss.com/nmt/v1/translation'),
  /** Characters sent to the provider per UTC day, by every process together (listings and drafts). */
  TRANSLATION_DAILY_CHARS: z.coerce.number().int().min(0).max(1_000_000_000).default(200_000),
  /** A realtor's translate-button presses per account per hour. */
  RATE_LIMIT_TRANSLATE: z.coerce.number().int().positive().default(30),
})

export type Env = z.infer<typeof envSchema>

let cached: Env | undefined

export function env(): Env {
  cached ??= envSchema.parse(process.env)
  return cached
}

/** Absolute data folder (SQLite file, uploads, generated secret). */
export function dataDir(): string {
  return path.resolve(env().DATA_DIR)
}
