import type { CdnVendor } from './config'

/*
 * One interface over the vendors' purge APIs (cloudflare.ts, fastly.ts): the sender hands a
 * batch of keys no larger than `maxKeysPerRequest` and learns whether the CDN accepted it, and
 * if not, why, which decides the wait before the next attempt (outbox.ts).
 */

/**
 * Why a purge was not accepted: `rate_limited` (429), `server_error` (5xx), `network` (no answer,
 * a timeout), `rejected` (any other answer: a wrong token or zone, a malformed request).
 */
export type PurgeFailureReason = 'rate_limited' | 'server_error' | 'network' | 'rejected'

export type PurgeOutcome = { ok: true } | { ok: false; reason: PurgeFailureReason; message: string; retryAfterMs: number | undefined }

export type CdnPurger = {
  vendor: CdnVendor
  maxKeysPerRequest: number
  purge: (keys: ReadonlyArray<string>) => Promise<PurgeOutcome>
}

/** A purge that hangs must not hold its keys' lease for long; the vendors answer in well under a second. */
export const PURGE_REQUEST_TIMEOUT_MS = 15_000

/** `Retry-After` as delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  // An HTTP date begins with its day's name; Date.parse alone would read '-5' as a year.
  const at = /^[A-Za-z]{3},? /.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime())
}

/**
 * Sends one purge request and sorts the answer; `accepted` reads a 2xx body (Cloudflare says
 * `success` in it). Never throws: a failure is an outcome the sender records.
 */
export async function sendPurgeRequest(url: string, init: RequestInit, accepted: (body: string) => boolean, now: () => Date): Promise<PurgeOutcome> {
  let response: Response
  let body: string
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PURGE_REQUEST_TIMEOUT_MS) })
    body = await response.text()
  } catch (error) {
    return { ok: false, reason: 'network', message: error instanceof Error ? error.message : String(error), retryAfterMs: undefined }
  }
  if (response.ok && accepted(body)) return { ok: true }
  const reason: PurgeFailureReason = response.status === 429 ? 'rate_limited' : response.status >= 500 ? 'server_error' : 'rejected'
  // The vendors' error bodies say what was wrong (a bad token, an unknown zone); no key or token is in them.
  return {
    ok: false,
    reason,
    message: `HTTP ${response.status}: ${body.slice(0, 300)}`,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now()),
  }
}
