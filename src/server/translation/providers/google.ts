import { z } from 'zod'
import { TranslationError, type TranslationFailureKind, type TranslationProvider } from '../provider'
import { jsonOf, refusal, sendTranslationRequest, type ProviderAnswer } from './provider-request'

/*
 * Google Cloud Translation Basic (v2): `POST https://translation.googleapis.com/language/translate/v2?key=…`
 * with JSON `{ q: [...], target, source?, format: "text" }` (plain text: without it Google reads
 * the text as HTML and answers `&amp;`); the answer is `{ data: { translations: [{ translatedText }] } }`
 * in the order sent. Google advises at most 128 texts and 5,000 characters per request. Its errors
 * are `{ error: { code, message, errors: [{ reason }] } }`: the reason tells a daily quota
 * (`dailyLimitExceeded`, 403) from a rate limit (`userRateLimitExceeded`, 403) from a bad key
 * (`keyInvalid`, 400).
 */

export const GOOGLE_MAX_TEXTS = 128
export const GOOGLE_MAX_CHARS = 5_000

const answerSchema = z.object({ data: z.object({ translations: z.array(z.object({ translatedText: z.string() })) }) })
const errorSchema = z.object({
  error: z.object({ errors: z.array(z.object({ reason: z.string().optional() })).optional(), status: z.string().optional() }),
})

const REASON_KINDS: Record<string, TranslationFailureKind> = {
  keyInvalid: 'auth',
  keyExpired: 'auth',
  accessNotConfigured: 'auth',
  forbidden: 'auth',
  ipRefererBlocked: 'auth',
  dailyLimitExceeded: 'quota',
  quotaExceeded: 'quota',
  billingNotEnabled: 'quota',
  userRateLimitExceeded: 'rate_limited',
  rateLimitExceeded: 'rate_limited',
}

function failureKindOf(answer: ProviderAnswer): TranslationFailureKind | undefined {
  try {
    const parsed = errorSchema.safeParse(JSON.parse(answer.body))
    if (!parsed.success) return undefined
    for (const { reason } of parsed.data.error.errors ?? []) if (reason && REASON_KINDS[reason]) return REASON_KINDS[reason]
    if (parsed.data.error.status === 'RESOURCE_EXHAUSTED') return 'rate_limited'
    return undefined
  } catch {
    return undefined
  }
}

export function googleProvider(config: { apiKey: string; url: string }, now: () => Date): TranslationProvider {
  return {
    name: 'google',
    maxTextsPerRequest: GOOGLE_MAX_TEXTS,
    maxCharsPerRequest: GOOGLE_MAX_CHARS,
    async translate(texts, target, source, format = 'text') {
      const url = new URL(config.url)
      url.searchParams.set('key', config.apiKey)
      const answer = await sendTranslationRequest(
        url.toString(),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ q: texts, target, format, ...(source ? { source } : {}) }),
        },
        now,
      )
      if (answer.status < 200 || answer.status >= 300) throw refusal(answer, failureKindOf(answer))
      const parsed = answerSchema.safeParse(jsonOf(answer))
      if (!parsed.success || parsed.data.data.translations.length !== texts.length)
        throw new TranslationError(
          'bad_response',
          `Google answered ${parsed.success ? parsed.data.data.translations.length : 'no'} translations for ${texts.length} texts`,
        )
      return parsed.data.data.translations.map((translation) => translation.translatedText)
    },
  }
}
