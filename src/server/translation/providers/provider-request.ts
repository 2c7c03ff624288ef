import { retryAfterMs } from '~/server/cdn-purge/purger'
import { TranslationError, type TranslationFailureKind } from '../provider'

/*
 * What the three adapters share: one request with a timeout, and the sorting of a refusal into a
 * failure kind. Each adapter reads its provider's own error body first (Google says "daily
 * limit" in a 403, Papago says "quota" in a 429) and falls back on the status here.
 */

/** A provider that hangs must not hold the job's claim for long; a batch comes back in seconds. */
export const TRANSLATION_REQUEST_TIMEOUT_MS = 30_000

export type ProviderAnswer = { status: number; body: string; retryAfterMs: number | undefined }

/** Sends one request; an answer of any status comes back, no answer throws a `network` failure. */
export async function sendTranslationRequest(url: string, init: RequestInit, now: () => Date): Promise<ProviderAnswer> {
  let response: Response
  let body: string
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TRANSLATION_REQUEST_TIMEOUT_MS) })
    body = await response.text()
  } catch (error) {
    throw new TranslationError('network', error instanceof Error ? error.message : String(error))
  }
  return { status: response.status, body, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now()) }
}

/** The kind a status alone says: 401/403 auth, 429 rate limited, 5xx server, anything else rejected. */
export function failureKindOfStatus(status: number): TranslationFailureKind {
  if (status === 401 || status === 403) return 'auth'
  if (status === 429) return 'rate_limited'
  if (status >= 500) return 'server'
  return 'rejected'
}

/** A refusal as a `TranslationError`, its message the status and the start of the body (no key is ever in it). */
export function refusal(answer: ProviderAnswer, kind: TranslationFailureKind = failureKindOfStatus(answer.status)): TranslationError {
  return new TranslationError(kind, `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`, answer.retryAfterMs)
}

/** The JSON of a 2xx body, or a `bad_response` failure. */
export function jsonOf(answer: ProviderAnswer): unknown {
  try {
    return JSON.parse(answer.body)
  } catch {
    throw new TranslationError('bad_response', `HTTP ${answer.status}: not JSON: ${answer.body.slice(0, 200)}`)
  }
}
