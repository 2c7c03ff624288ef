import { z } from 'zod'
import { TranslationError, type TranslationLang, type TranslationProvider } from '../provider'
import { jsonOf, refusal, sendTranslationRequest } from './provider-request'

/*
 * DeepL's text translation (developers.deepl.com, "Translate text"): `POST {url}/v2/translate`
 * with `Authorization: DeepL-Auth-Key <key>` and JSON `{ text: [...], target_lang, source_lang? }`;
 * the answer is `{ translations: [{ detected_source_language, text }] }` in the order sent. At most
 * 50 texts and 128 KiB of body per request. 456 means the account's character quota is used up;
 * 429 too many requests; 403 a wrong key.
 */

export const DEEPL_MAX_TEXTS = 50
/** Well under the 128 KiB body limit even for Korean (3 bytes a character) with JSON escaping. */
export const DEEPL_MAX_CHARS = 30_000

/** English as a target needs its variant (`EN` alone is deprecated); as a source it is `EN`. */
const TARGET: Record<TranslationLang, string> = { ko: 'KO', en: 'EN-US' }
const SOURCE: Record<TranslationLang, string> = { ko: 'KO', en: 'EN' }

const answerSchema = z.object({ translations: z.array(z.object({ text: z.string() })) })

export function deeplProvider(config: { apiKey: string; url: string }, now: () => Date): TranslationProvider {
  return {
    name: 'deepl',
    maxTextsPerRequest: DEEPL_MAX_TEXTS,
    maxCharsPerRequest: DEEPL_MAX_CHARS,
    async translate(texts, target, source, format) {
      const answer = await sendTranslationRequest(
        `${config.url}/v2/translate`,
        {
          method: 'POST',
          headers: { authorization: `DeepL-Auth-Key ${config.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            text: texts,
            target_lang: TARGET[target],
            ...(source ? { source_lang: SOURCE[source] } : {}),
            // DeepL then translates the text around the tags and keeps them (a post's paragraphs, links, bold).
            ...(format === 'html' ? { tag_handling: 'html' } : {}),
          }),
        },
        now,
      )
      if (answer.status === 456) throw refusal(answer, 'quota')
      if (answer.status < 200 || answer.status >= 300) throw refusal(answer)
      const parsed = answerSchema.safeParse(jsonOf(answer))
      if (!parsed.success || parsed.data.translations.length !== texts.length)
        throw new TranslationError(
          'bad_response',
          `DeepL answered ${parsed.success ? parsed.data.translations.length : 'no'} translations for ${texts.length} texts`,
        )
      return parsed.data.translations.map((translation) => translation.text)
    },
  }
}
