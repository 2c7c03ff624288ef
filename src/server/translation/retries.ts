import type { TextFormat } from '~/schemas/translation'
import { exponentialBackoffMs } from '~/server/mail/delivery-lease'
import { recordTranslationFailure } from '~/server/metrics/registry'
import { isTransient, TranslationError, type TranslationProvider, type TranslationLang } from './provider'

/*
 * Asking a provider again after a failure that may pass (decision 071): a 429, a 5xx or no
 * answer is retried after a short wait, 1 s then 2 s, or what its `Retry-After` asks when
 * that is short. A wait longer than `maxWaitMs` is not slept through here: the failure goes back
 * to the caller, which leaves the work for a later pass (the job) or says "try later" (a draft).
 * A wrong key, a used-up quota or a refused request is not retried at all.
 */

export type RetryPolicy = {
  /** Requests in all, the first included. */
  attempts: number
  baseDelayMs: number
  /** The longest wait slept through before giving up for now. */
  maxWaitMs: number
  /** Injected by tests, so a Retry-After of seconds costs none. */
  sleep: (ms: number) => Promise<void>
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 1_000, maxWaitMs: 30_000, sleep }

/** The wait before the next attempt after `error` on attempt `attempt` (1-based). */
export function retryDelayMs(error: TranslationError, attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs'>): number {
  return error.retryAfterMs ?? exponentialBackoffMs(attempt, policy.baseDelayMs, 60 * 60_000)
}

function asTranslationError(error: unknown): TranslationError {
  return error instanceof TranslationError ? error : new TranslationError('bad_response', error instanceof Error ? error.message : String(error))
}

/**
 * `provider.translate` with retries; every failed request is counted in the metrics by kind.
 * Throws the last `TranslationError` when it gives up.
 */
export async function translateWithRetries(
  provider: TranslationProvider,
  texts: ReadonlyArray<string>,
  target: TranslationLang,
  source: TranslationLang | undefined,
  policy: RetryPolicy,
  format: TextFormat = 'text',
): Promise<Array<string>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await provider.translate(texts, target, source, format)
    } catch (caught) {
      const error = asTranslationError(caught)
      recordTranslationFailure(provider.name, error.kind)
      const delay = retryDelayMs(error, attempt, policy)
      if (!isTransient(error.kind) || attempt >= policy.attempts || delay > policy.maxWaitMs) throw error
      await policy.sleep(delay)
    }
  }
}
