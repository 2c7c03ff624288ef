import { DRAFT_MAX_CHARS, type TextFormat } from '~/schemas/translation'
import type { TranslationLang } from '~/server/db/schema'
import { componentLogger } from '~/server/logging/logger'
import { recordRateLimitRefusal, recordTranslationChars } from '~/server/metrics/registry'
import type { AppServices } from '~/server/services'
import { hitRateLimit } from '~/server/web/rate-limit'
import { billedChars, budgetDay, refundChars, reserveChars } from './budget'
import { TranslationError } from './provider'
import { translationProviderFor } from './providers/provider-for'
import { sleep, translateWithRetries, type RetryPolicy } from './retries'
import { batchesWithin, joinTranslated, splitForTranslation } from './text-batches'

/*
 * The realtor's translate button (issue 54 item 4): a post, the bio or an instant-reply template
 * translated into the other language's field as a draft the realtor edits and saves. Through the
 * same provider and daily budget as the listings (all of it: the listings' job leaves a tenth
 * for these), limited per account. The caller checks the input with `translateDraftSchema`
 * (src/schemas/translation.ts); a failure comes back as a reason, never as the provider's words.
 */

export { DRAFT_MAX_CHARS }

export type TranslateDraftInput = { accountId: string; text: string; from: TranslationLang; to: TranslationLang; format?: TextFormat }

/**
 * Why no draft came back: `off` (no provider configured), `budget` (today's characters are spent),
 * `rate_limited` (this account pressed too often; `retryAfterSeconds` says when it may again),
 * `provider` (the provider failed or refused; its details are logged, never shown).
 */
export type TranslateDraftFailure = 'off' | 'budget' | 'rate_limited' | 'provider'

export type TranslateDraftResult = { ok: true; text: string } | { ok: false; reason: TranslateDraftFailure; retryAfterSeconds?: number }

/** The rate limit's bucket, as the metrics name it. */
const BUCKET = 'translate'
const WINDOW_SECONDS = 3600

/** A person waits for the answer: one quick retry, never a long Retry-After slept through. */
export const DRAFT_RETRY_POLICY: RetryPolicy = { attempts: 2, baseDelayMs: 500, maxWaitMs: 3_000, sleep }

export async function translateDraft(
  services: AppServices,
  input: TranslateDraftInput,
  retry: RetryPolicy = DRAFT_RETRY_POLICY,
): Promise<TranslateDraftResult> {
  const provider = translationProviderFor(services.config.translation, services.now)
  if (!provider) return { ok: false, reason: 'off' }
  const text = input.text.trim().slice(0, DRAFT_MAX_CHARS)
  if (text === '' || input.from === input.to) return { ok: true, text }

  const limit = await hitRateLimit(
    services.db,
    `${BUCKET}:${input.accountId}`,
    { limit: services.config.translation.draftsPerHour, windowSeconds: WINDOW_SECONDS },
    services.now(),
  )
  if (!limit.allowed) {
    recordRateLimitRefusal(BUCKET)
    return { ok: false, reason: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds }
  }

  const { pieces, separators } = splitForTranslation(text, provider.maxCharsPerRequest, input.format)
  const sized = pieces.map((piece) => ({ piece, chars: billedChars([piece]) }))
  const chars = sized.reduce((total, item) => total + item.chars, 0)
  const day = budgetDay(services.now())
  if (!(await reserveChars(services.db, day, chars, services.config.translation.dailyChars))) return { ok: false, reason: 'budget' }

  const translated: Array<string> = []
  let sent = 0
  try {
    for (const request of batchesWithin(sized, provider.maxTextsPerRequest, provider.maxCharsPerRequest)) {
      const texts = await translateWithRetries(
        provider,
        request.map((item) => item.piece),
        input.to,
        input.from,
        retry,
        input.format,
      )
      translated.push(...texts)
      const requestChars = request.reduce((total, item) => total + item.chars, 0)
      recordTranslationChars(provider.name, requestChars)
      sent += requestChars
    }
  } catch (error) {
    // The pieces the provider translated before it failed were billed: only the rest goes back.
    await refundChars(services.db, day, chars - sent)
    componentLogger('translation').warn(
      { kind: error instanceof TranslationError ? error.kind : 'unexpected', error: error instanceof Error ? error.message : String(error) },
      'a draft could not be translated',
    )
    return { ok: false, reason: 'provider' }
  }
  return { ok: true, text: joinTranslated(translated, separators) }
}
