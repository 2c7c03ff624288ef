import { z } from 'zod'
import { TranslationError, type TranslationFailureKind, type TranslationProvider } from '../provider'
import { jsonOf, refusal, sendTranslationRequest, type ProviderAnswer } from './provider-request'

/*
 * Papago Text Translation on Naver Cloud Platform (api.ncloud-docs.com, "Papago Translation"):
 * `POST …/nmt/v1/translation` with the application's `X-NCP-APIGW-API-KEY-ID` and
 * `X-NCP-APIGW-API-KEY`, JSON `{ source, target, text }`, one text per request, at most 5,000
 * characters; the answer is `{ message: { result: { translatedText } } }`. Errors are
 * `{ error: { errorCode, message } }`: the gateway's 401 (200/210) a wrong key, and its 429
 * either the quota (400 "Quota Exceeded", also what an application without Papago selected
 * gets) or a rate (410 "Throttle Limited", 420 "Rate Limited").
 */

export const PAPAGO_MAX_CHARS = 5_000

const answerSchema = z.object({ message: z.object({ result: z.object({ translatedText: z.string() }) }) })
const errorSchema = z.object({ error: z.object({ errorCode: z.union([z.string(), z.number()]) }) })

function failureKindOf(answer: ProviderAnswer): TranslationFailureKind | undefined {
  try {
    const parsed = errorSchema.safeParse(JSON.parse(answer.body))
    if (!parsed.success) return undefined
    const code = String(parsed.data.error.errorCode)
    if (code === '400') return 'quota'
    if (code === '410' || code === '420') return 'rate_limited'
    if (code === '200' || code === '210') return 'auth'
    return undefined
  } catch {
    return undefined
  }
}

export function papagoProvider(config: { clientId: string; clientSecret: string; url: string }, now: () => Date): TranslationProvider {
  const translateOne = async (text: string, target: string, source: string): Promise<string> => {
    const answer = await sendTranslationRequest(
      config.url,
      {
        method: 'POST',
        headers: { 'x-ncp-apigw-api-key-id': config.clientId, 'x-ncp-apigw-api-key': config.clientSecret, 'content-type': 'application/json' },
        body: JSON.stringify({ source, target, text }),
      },
      now,
    )
    if (answer.status < 200 || answer.status >= 300) throw refusal(answer, failureKindOf(answer))
    const parsed = answerSchema.safeParse(jsonOf(answer))
    if (!parsed.success) throw new TranslationError('bad_response', `Papago answered without message.result.translatedText: ${answer.body.slice(0, 200)}`)
    return parsed.data.message.result.translatedText
  }
  return {
    name: 'papago',
    maxTextsPerRequest: 1,
    maxCharsPerRequest: PAPAGO_MAX_CHARS,
    // Papago's text API has no HTML mode (its web translation is a separate product): a post's
    // tags go as text, and the editor and the save-time sanitiser keep only what is allowed.
    async translate(texts, target, source) {
      // One text per request, one after another: a failure stops the batch with nothing half-stored.
      const results: Array<string> = []
      for (const text of texts) results.push(await translateOne(text, target, source ?? 'auto'))
      return results
    },
  }
}
