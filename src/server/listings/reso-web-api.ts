import { z } from 'zod'
import { announcePurge } from '~/server/pages/revisions'
import type { Env } from '~/server/config/env'
import type { AppServices } from '~/server/services'
import { readImportState, retireHomesNotIn, upsertHomes, writeImportState } from './home-store'
import { parseResoProperties, resoMediaSchema, resoPropertySchema } from './reso-property'
import type { ImportSummary } from './import-file'

/*
 * Listings import from a RESO Web API (OData v4) server, issue 6 item 2. One run:
 *   1. asks for the listings changed since the last successful run (all of them on the first),
 *      page by page through `@odata.nextLink`, and upserts each page as it arrives;
 *   2. reads the feed's full key list (ListingKey + ModificationTimestamp) and fetches by key
 *      every listing the store lacks, has retired, or holds in an older version — this repairs
 *      what a skip-based paging of a changing feed can miss, and brings back a listing that
 *      returns to the feed with an old timestamp;
 *   3. retires this source's listings that are no longer in the key list;
 *   4. stores the newest ModificationTimestamp seen, only if step 1 succeeded, so a failed run
 *      is simply repeated by the next one.
 */

/** How the importer authenticates: a fixed bearer token, or OAuth2 client credentials. */
export type ResoCredentials =
  | { kind: 'token'; accessToken: string }
  | {
      kind: 'client-credentials'
      tokenUrl: string
      clientId: string
      clientSecret: string
      scope?: string
      /**
       * Where the client credentials go: HTTP Basic (RFC 6749 §2.3.1, what every server must
       * accept), the form body (what some RESO vendors require), or `auto`: Basic first, the
       * body once if the token endpoint refuses Basic.
       */
      clientAuth?: 'basic' | 'body' | 'auto'
    }

export type ResoConfig = {
  /** The OData service root, e.g. https://api.mls.example/odata */
  serviceRoot: string
  /** The entity set, `Property` in the RESO Data Dictionary. */
  resource: string
  credentials: ResoCredentials
  /** Two-letter StateOrProvince values; at least one. */
  states: ReadonlyArray<string>
  /** City names; empty means every city of the states. */
  cities: ReadonlyArray<string>
  /** StandardStatus values; empty means every status. */
  statuses: ReadonlyArray<string>
  /** `$top` of each page; the server may send fewer. */
  pageSize: number
}

export type ResoImportOptions = {
  /** Ignore the stored timestamp and ask for every listing; retiring works as on any run. */
  full?: boolean
  /** Overrides `reso:<host of the service root>`. */
  source?: string
  /** Attempts per request for 5xx, 429 and network errors (default 5). */
  maxAttempts?: number
  /** First retry delay; doubles per attempt up to maxDelayMs (defaults 1 s and 30 s). */
  baseDelayMs?: number
  maxDelayMs?: number
  /** Upper bound on a server's Retry-After (default 5 min), so a wild value cannot stall cron. */
  maxRetryAfterMs?: number
  /** Per-request timeout, counted as a network error (default 60 s). */
  requestTimeoutMs?: number
  /** Injected by tests so retries take no time. */
  sleep?: (ms: number) => Promise<void>
  fetch?: typeof fetch
  log?: (line: string) => void
}

/** `fetched` counts the changed-records query and the by-key repair fetch. */
export type ResoImportSummary = ImportSummary & {
  /** Pages of the changed-records query. */
  pages: number
  /** Listings fetched by key because the store lacked them or held an older version. */
  repaired: number
  incremental: boolean
  /** The timestamp stored for the next run (the previous one when nothing changed). */
  lastModificationTimestamp: string | null
  /** Non-fatal problems, e.g. the key list could not be read so nothing was retired. */
  warnings: Array<string>
}

/** A run that could not complete; the import state was not advanced. */
export class ResoImportError extends Error {
  override name = 'ResoImportError'
}

/** The settings are missing or contradictory; nothing was contacted. */
export class ResoConfigError extends Error {
  override name = 'ResoConfigError'
}

type ResoEnv = Pick<
  Env,
  | 'RESO_API_URL'
  | 'RESO_TOKEN_URL'
  | 'RESO_CLIENT_ID'
  | 'RESO_CLIENT_SECRET'
  | 'RESO_SCOPE'
  | 'RESO_ACCESS_TOKEN'
  | 'RESO_RESOURCE'
  | 'RESO_STATES'
  | 'RESO_CITIES'
  | 'RESO_STATUSES'
  | 'RESO_PAGE_SIZE'
>

/** The import settings from the environment; undefined when RESO_API_URL is not set. */
export function resoConfigFromEnv(env: ResoEnv): ResoConfig | undefined {
  if (!env.RESO_API_URL) return undefined
  let credentials: ResoCredentials
  if (env.RESO_ACCESS_TOKEN) {
    credentials = { kind: 'token', accessToken: env.RESO_ACCESS_TOKEN }
  } else if (env.RESO_TOKEN_URL && env.RESO_CLIENT_ID && env.RESO_CLIENT_SECRET) {
    credentials = {
      kind: 'client-credentials',
      tokenUrl: env.RESO_TOKEN_URL,
      clientId: env.RESO_CLIENT_ID,
      clientSecret: env.RESO_CLIENT_SECRET,
      scope: env.RESO_SCOPE,
      clientAuth: 'auto',
    }
  } else {
    throw new ResoConfigError(
      'RESO_API_URL is set but there are no credentials: set RESO_ACCESS_TOKEN, or RESO_TOKEN_URL, RESO_CLIENT_ID and RESO_CLIENT_SECRET',
    )
  }
  if (env.RESO_STATES.length === 0) throw new ResoConfigError('RESO_STATES is empty: name at least one state, e.g. CA,GA')
  return {
    serviceRoot: env.RESO_API_URL,
    resource: env.RESO_RESOURCE,
    credentials,
    states: env.RESO_STATES,
    cities: env.RESO_CITIES,
    statuses: env.RESO_STATUSES,
    pageSize: env.RESO_PAGE_SIZE,
  }
}

export function resoSourceOf(config: Pick<ResoConfig, 'serviceRoot'>): string {
  return `reso:${new URL(config.serviceRoot).host}`
}

// The query ------------------------------------------------------------------------------------

/** Exactly the fields reso-property.ts reads, taken from its schema so the two never drift. */
export const PROPERTY_SELECT = Object.keys(resoPropertySchema.shape).filter((field) => field !== 'Media')
export const MEDIA_SELECT = Object.keys(resoMediaSchema.shape)

/** An OData string literal: single quotes doubled (OData ABNF `SQUOTE-in-string`). */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

function anyOf(field: string, values: ReadonlyArray<string>): string {
  return `(${values.map((value) => `${field} eq ${odataString(value)}`).join(' or ')})`
}

/** The feed filter without the incremental part: states, then cities and statuses when given. */
export function feedFilter(config: Pick<ResoConfig, 'states' | 'cities' | 'statuses'>): string {
  const parts = [anyOf('StateOrProvince', config.states)]
  if (config.cities.length > 0) parts.push(anyOf('City', config.cities))
  if (config.statuses.length > 0) parts.push(anyOf('StandardStatus', config.statuses))
  return parts.join(' and ')
}

/** Query options in a fixed order; values percent-encoded (a `+` would not mean a space to every server). */
function queryString(options: ReadonlyArray<[string, string]>): string {
  return options.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')
}

function resourceUrl(config: ResoConfig, options: ReadonlyArray<[string, string]>): string {
  return `${new URL(config.resource, withSlash(config.serviceRoot)).toString()}?${queryString(options)}`
}

/** A base ending in `/`, so `Property` resolves under the root rather than replacing its last segment. */
function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`
}

function changedRecordsUrl(config: ResoConfig, since: string | null): string {
  // `since` has millisecond precision; a server keeping microseconds sends its newest listing
  // again next run, which the upsert absorbs — truncating down never skips one.
  const filter = feedFilter(config) + (since ? ` and ModificationTimestamp gt ${since}` : '')
  return resourceUrl(config, [
    ['$filter', filter],
    ['$select', PROPERTY_SELECT.join(',')],
    ['$expand', `Media($select=${MEDIA_SELECT.join(',')})`],
    ['$top', String(config.pageSize)],
    ['$orderby', 'ModificationTimestamp asc'],
  ])
}

function keyListUrl(config: ResoConfig): string {
  return resourceUrl(config, [
    ['$filter', feedFilter(config)],
    ['$select', 'ListingKey,ModificationTimestamp'],
    // Key order does not move when listings change during the walk, unlike timestamp order.
    ['$orderby', 'ListingKey asc'],
    // The configured size, not a bigger one: some servers answer 400 above their own maximum.
    ['$top', String(config.pageSize)],
  ])
}

function byKeysUrl(config: ResoConfig, keys: ReadonlyArray<string>): string {
  return resourceUrl(config, [
    ['$filter', keys.map((key) => `ListingKey eq ${odataString(key)}`).join(' or ')],
    ['$select', PROPERTY_SELECT.join(',')],
    ['$expand', `Media($select=${MEDIA_SELECT.join(',')})`],
    ['$top', String(keys.length)],
  ])
}

/** Keys per by-key request: keeps the URL well under the 8 KB many servers accept. */
const KEYS_PER_REQUEST = 40

// HTTP -----------------------------------------------------------------------------------------

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
})

const pageSchema = z.object({
  value: z.array(z.unknown()),
  '@odata.nextLink': z.string().optional(),
})

const keyRowSchema = z.object({ ListingKey: z.string().min(1), ModificationTimestamp: z.string().nullish() })

/**
 * A token is renewed this long before it expires (at most half its life, for servers that
 * hand out very short-lived tokens), so it never lapses between check and use.
 */
const EXPIRY_MARGIN_MS = 60_000

type Http = {
  /** GET a feed URL with the bearer token: retries, one token refresh on 401, JSON out. */
  getJson: (url: string) => Promise<unknown>
}

function createHttp(config: ResoConfig, services: AppServices, options: ResoImportOptions): Http {
  const doFetch = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const maxAttempts = options.maxAttempts ?? 5
  const baseDelay = options.baseDelayMs ?? 1_000
  const maxDelay = options.maxDelayMs ?? 30_000
  const maxRetryAfter = options.maxRetryAfterMs ?? 300_000
  const timeout = options.requestTimeoutMs ?? 60_000
  const log = options.log ?? (() => undefined)

  let token: { value: string; renewAt: number } | undefined
  let bodyCredentials = config.credentials.kind === 'client-credentials' && config.credentials.clientAuth === 'body'

  function backoff(attempt: number): number {
    return Math.min(maxDelay, baseDelay * 2 ** (attempt - 1))
  }

  /** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3). */
  function retryAfterMs(response: Response): number | undefined {
    const header = response.headers.get('retry-after')?.trim()
    if (!header) return undefined
    const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now()
    return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), maxRetryAfter) : undefined
  }

  /**
   * One request with retries for 5xx, 429 and network errors; any other answer is returned
   * to the caller with its body read.
   */
  async function send(url: string, init: () => RequestInit, what: string): Promise<{ status: number; text: string }> {
    for (let attempt = 1; ; attempt += 1) {
      let response: Response
      let text: string
      try {
        response = await doFetch(url, { ...init(), signal: AbortSignal.timeout(timeout) })
        // Reading the body is part of the attempt: a connection cut mid-body is retried too.
        text = await response.text()
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        if (attempt >= maxAttempts) throw new ResoImportError(`${what}: network error after ${attempt} attempts: ${reason}`)
        const delay = backoff(attempt)
        log(`[listings] ${what}: network error (${reason}); retry ${attempt + 1}/${maxAttempts} in ${delay} ms`)
        await sleep(delay)
        continue
      }
      if (response.status === 429 || response.status >= 500) {
        if (attempt >= maxAttempts) throw new ResoImportError(`${what}: HTTP ${response.status} after ${attempt} attempts: ${snippet(text)}`)
        const delay = retryAfterMs(response) ?? backoff(attempt)
        log(`[listings] ${what}: HTTP ${response.status}; retry ${attempt + 1}/${maxAttempts} in ${delay} ms`)
        await sleep(delay)
        continue
      }
      return { status: response.status, text }
    }
  }

  async function requestToken(credentials: Extract<ResoCredentials, { kind: 'client-credentials' }>, inBody: boolean) {
    const form = new URLSearchParams({ grant_type: 'client_credentials' })
    if (credentials.scope) form.set('scope', credentials.scope)
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }
    if (inBody) {
      form.set('client_id', credentials.clientId)
      form.set('client_secret', credentials.clientSecret)
    } else {
      // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
      const pair = `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`
    }
    return send(credentials.tokenUrl, () => ({ method: 'POST', headers, body: form.toString() }), 'token request')
  }

  async function fetchToken(): Promise<string> {
    const credentials = config.credentials
    if (credentials.kind === 'token') return credentials.accessToken
    let result = await requestToken(credentials, bodyCredentials)
    if ((result.status === 400 || result.status === 401) && (credentials.clientAuth ?? 'auto') === 'auto' && !bodyCredentials) {
      result = await requestToken(credentials, true)
      if (result.status === 200) bodyCredentials = true
    }
    if (result.status !== 200) {
      throw new ResoImportError(
        `the token endpoint ${credentials.tokenUrl} refused the client credentials (HTTP ${result.status}: ${snippet(result.text)}); check RESO_CLIENT_ID, RESO_CLIENT_SECRET and RESO_SCOPE`,
      )
    }
    const parsed = tokenResponseSchema.safeParse(parseJson(result.text))
    if (!parsed.success) throw new ResoImportError(`the token endpoint ${credentials.tokenUrl} answered without an access_token: ${snippet(result.text)}`)
    // Without expires_in the token is kept until the feed answers 401.
    const lifetime = parsed.data.expires_in === undefined ? Number.POSITIVE_INFINITY : parsed.data.expires_in * 1000
    token = { value: parsed.data.access_token, renewAt: services.now().getTime() + lifetime - Math.min(EXPIRY_MARGIN_MS, lifetime / 2) }
    return token.value
  }

  async function currentToken(): Promise<string> {
    if (config.credentials.kind === 'token') return config.credentials.accessToken
    if (token && token.renewAt > services.now().getTime()) return token.value
    return fetchToken()
  }

  async function getJson(url: string): Promise<unknown> {
    let bearer = await currentToken()
    let refreshed = false
    for (;;) {
      const headers = { accept: 'application/json', 'odata-maxversion': '4.0', authorization: `Bearer ${bearer}` }
      const result = await send(url, () => ({ method: 'GET', headers }), `GET ${url}`)
      if (result.status === 401) {
        if (refreshed || config.credentials.kind === 'token') {
          throw new ResoImportError(
            `the RESO server refused the access token (HTTP 401${refreshed ? ' again after a new token' : ''}) for ${url}: ${snippet(result.text)}`,
          )
        }
        // An expired or revoked token: one new token, then this same request again.
        log('[listings] HTTP 401 from the feed: fetching a new access token')
        token = undefined
        bearer = await fetchToken()
        refreshed = true
        continue
      }
      if (result.status !== 200) throw new ResoImportError(`GET ${url}: HTTP ${result.status}: ${snippet(result.text)}`)
      const body = parseJson(result.text)
      if (body === undefined) throw new ResoImportError(`GET ${url}: the answer is not JSON: ${snippet(result.text)}`)
      return body
    }
  }

  return { getJson }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat || '(empty body)'
}

/**
 * Every page of a query, first URL to the last `@odata.nextLink`. A relative link resolves
 * against the service root; a link to another origin is refused, since the bearer token would
 * go with it.
 */
async function* pages(http: Http, config: ResoConfig, firstUrl: string): AsyncGenerator<Array<unknown>> {
  const root = new URL(withSlash(config.serviceRoot))
  const seen = new Set<string>()
  let url: string | undefined = firstUrl
  while (url !== undefined) {
    if (seen.has(url)) throw new ResoImportError(`the server's @odata.nextLink repeats an earlier page (${url}); stopping`)
    seen.add(url)
    const parsed = pageSchema.safeParse(await http.getJson(url))
    if (!parsed.success) throw new ResoImportError(`GET ${url}: not an OData collection (no "value" array)`)
    yield parsed.data.value
    const next = parsed.data['@odata.nextLink']
    if (next === undefined || next === '') {
      url = undefined
    } else {
      const resolved = new URL(next, root)
      if (resolved.origin !== root.origin) throw new ResoImportError(`refusing @odata.nextLink to another origin: ${resolved.origin}`)
      url = resolved.toString()
    }
  }
}

// The run --------------------------------------------------------------------------------------

function later(a: string | null, b: string): string {
  return a === null || Date.parse(b) > Date.parse(a) ? b : a
}

export async function importFromResoWebApi(services: AppServices, config: ResoConfig, options: ResoImportOptions = {}): Promise<ResoImportSummary> {
  if (config.states.length === 0) throw new ResoConfigError('no states to import: give at least one')
  const source = options.source ?? resoSourceOf(config)
  const log = options.log ?? (() => undefined)
  const http = createHttp(config, services, options)
  const previous = options.full ? null : ((await readImportState(services.db, source))?.lastModificationTimestamp ?? null)

  const summary: ResoImportSummary = {
    source,
    fetched: 0,
    inserted: 0,
    updated: 0,
    rejected: [],
    retired: 0,
    pages: 0,
    repaired: 0,
    incremental: previous !== null,
    lastModificationTimestamp: previous,
    warnings: [],
  }
  const rejectedKeys = new Set<string>()

  async function store(values: ReadonlyArray<unknown>): Promise<void> {
    const { records, rejected } = parseResoProperties(values)
    summary.fetched += values.length
    for (const item of rejected) {
      if (rejectedKeys.has(item.key)) continue
      rejectedKeys.add(item.key)
      summary.rejected.push(item)
      log(`[listings] skipped ${item.key}: ${item.reason}`)
    }
    if (records.length === 0) return
    const result = await upsertHomes(services.db, records, { source, isDemo: false, now: services.now() })
    summary.inserted += result.inserted
    summary.updated += result.updated
    summary.lastModificationTimestamp = records.reduce<string | null>((max, record) => later(max, record.modificationTimestamp), summary.lastModificationTimestamp)
  }

  // 1. Changed listings. A failure here ends the run before the import state moves.
  for await (const values of pages(http, config, changedRecordsUrl(config, previous))) {
    summary.pages += 1
    await store(values)
  }

  // 2.–3. Repair and retire from the full key list; without it nothing is retired.
  let feedKeys: Map<string, number> | undefined
  try {
    feedKeys = new Map()
    for await (const values of pages(http, config, keyListUrl(config))) {
      for (const value of values) {
        const row = keyRowSchema.safeParse(value)
        if (row.success) feedKeys.set(row.data.ListingKey, Date.parse(row.data.ModificationTimestamp ?? ''))
      }
    }
  } catch (error) {
    feedKeys = undefined
    summary.warnings.push(`the key list could not be read, so no listing was retired: ${error instanceof Error ? error.message : String(error)}`)
  }

  if (feedKeys !== undefined) {
    try {
      const stale = await staleKeys(services, source, feedKeys, rejectedKeys)
      for (let index = 0; index < stale.length; index += KEYS_PER_REQUEST) {
        const batch = stale.slice(index, index + KEYS_PER_REQUEST)
        for await (const values of pages(http, config, byKeysUrl(config, batch))) {
          summary.repaired += values.length
          await store(values)
        }
      }
    } catch (error) {
      summary.warnings.push(`listings missing from the store could not be fetched by key: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (feedKeys.size === 0) {
      // An empty key list from a feed that had listings is far more often a server fault than
      // a real market; retiring on it would empty every homepage at once.
      summary.warnings.push('the key list is empty: nothing was retired (remove the listings by hand if the feed is really empty)')
    } else {
      summary.retired = await retireHomesNotIn(services.db, source, new Set(feedKeys.keys()), services.now())
    }
  }

  // 4. Only a completed changed-records walk advances the timestamp.
  await writeImportState(services.db, source, summary.lastModificationTimestamp, services.now())
  if (summary.inserted + summary.updated + summary.retired > 0) announcePurge(['listings'])
  return summary
}

/**
 * Keys of the feed that the store lacks, has retired, keeps under another source, or holds in
 * an older version than the feed's. Keys rejected in this run are not asked for again.
 */
async function staleKeys(services: AppServices, source: string, feedKeys: ReadonlyMap<string, number>, skip: ReadonlySet<string>): Promise<Array<string>> {
  // A key stored under another source counts as missing: fetching it moves it to this source.
  const rows = await services.db
    .selectFrom('home')
    .select(['listingKey', 'source', 'retiredAt', 'modificationTimestamp'])
    .where('source', '=', source)
    .execute()
  const local = new Map(rows.map((row) => [row.listingKey, row]))
  const result: Array<string> = []
  for (const [key, feedTime] of feedKeys) {
    if (skip.has(key)) continue
    const row = local.get(key)
    const stale = row === undefined || row.retiredAt !== null || (Number.isFinite(feedTime) && feedTime > Date.parse(row.modificationTimestamp))
    if (stale) result.push(key)
  }
  return result
}
