import type { TextFormat } from '~/schemas/translation'
import type { TranslationLang } from '~/server/db/schema'

/*
 * One interface over the translation providers' HTTP APIs (issue 54 item 1, decision 071):
 * DeepL, Google Cloud Translation v2 and Papago NMT each get a small adapter (providers/*.ts).
 * The job and the realtor's drafts hand texts in and get texts back in the same order; a
 * failure is a `TranslationError` of a kind that decides the wait before the next attempt.
 */

export type { TranslationLang }

export type TranslationProviderName = 'deepl' | 'google' | 'papago'

/**
 * Why a provider did not translate:
 * - `auth`: the key was refused (401/403): configuration, not fixed by asking again soon.
 * - `quota`: the account's character quota is used up (DeepL 456, Google's daily limit 403).
 * - `rate_limited`: too many requests now (429), with the provider's `Retry-After` when given.
 * - `server`: the provider failed (5xx).
 * - `network`: no answer, or a timeout.
 * - `rejected`: any other refusal (a malformed request, an unsupported language pair).
 * - `bad_response`: a 2xx whose body is not the documented shape.
 */
export type TranslationFailureKind = 'auth' | 'quota' | 'rate_limited' | 'server' | 'network' | 'rejected' | 'bad_response'

export const TRANSLATION_FAILURE_KINDS: ReadonlyArray<TranslationFailureKind> = [
  'auth',
  'quota',
  'rate_limited',
  'server',
  'network',
  'rejected',
  'bad_response',
]

export class TranslationError extends Error {
  override name = 'TranslationError'
  constructor(
    readonly kind: TranslationFailureKind,
    message: string,
    /** What the provider's `Retry-After` asked for, in ms; undefined when it said nothing. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
  }
}

/** Whether asking again in a moment may succeed: a 429, a 5xx, no answer. */
export function isTransient(kind: TranslationFailureKind): boolean {
  return kind === 'rate_limited' || kind === 'server' || kind === 'network'
}

export type TranslationProvider = {
  name: TranslationProviderName
  /** Texts one request may carry (Papago takes one; DeepL 50; Google 128). */
  maxTextsPerRequest: number
  /** Characters one request may carry, all its texts together. */
  maxCharsPerRequest: number
  /**
   * Translates `texts` into `target`, answering in the same order; `source` when known (the
   * provider detects it otherwise: Papago's `auto`). Throws a `TranslationError`; never
   * retries (the caller decides, `withRetries`). `format: 'html'` keeps the texts' tags where the
   * provider can (DeepL's `tag_handling`, Google's `format`); plain text when left out.
   */
  translate: (texts: ReadonlyArray<string>, target: TranslationLang, source?: TranslationLang, format?: TextFormat) => Promise<Array<string>>
}
