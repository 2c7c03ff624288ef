import { z } from 'zod'
import type { AppServices } from '~/server/services'
import type { ResoConfig, ResoCredentials } from './reso-config'
import { withSlash } from './reso-query'

/*
 * The RESO Web API import's HTTP: the OAuth2 client-credentials token (renewed before it
 * expires, once more on a 401), retries with backoff for 5xx, 429 and network errors, and the
 * walk through a query's pages by `@odata.nextLink`.
 */

/** How the feed is asked: retries, timeouts, and what tests inject. */
export type ResoHttpOptions = {
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

/** A run that could not complete; the import state was not advanced. */
export class ResoImportError extends Error {
  override name = 'ResoImportError'

  /** The feed's HTTP status when it answered with an error (a 404 says the resource is not offered). */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
})

const pageSchema = z.object({
  value: z.array(z.unknown()),
  '@odata.nextLink': z.string().optional(),
})

/**
 * A token is renewed this long before it expires (at most half its life, for servers that
 * hand out very short-lived tokens), so it never lapses between check and use.
 */
const EXPIRY_MARGIN_MS = 60_000

export type Http = {
  /** GET a feed URL with the bearer token: retries, one token refresh on 401, JSON out. */
  getJson: (url: string) => Promise<unknown>
}

export function createHttp(config: ResoConfig, services: AppServices, options: ResoHttpOptions): Http {
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
      if (result.status !== 200) throw new ResoImportError(`GET ${url}: HTTP ${result.status}: ${snippet(result.text)}`, result.status)
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
export async function* pages(http: Http, config: ResoConfig, firstUrl: string): AsyncGenerator<Array<unknown>> {
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
