import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { langSchema } from './lang'
import { messageId } from './messages'

/*
 * The editors' translate buttons (issue 54 item 4, decision 072): one text of the realtor's
 * own writing (a post's title, summary or body, the bio, an instant-reply template) and the
 * language pair; the answer is a draft for the other language's field, or why there is none.
 */

/** The longest text one request translates (the server's `DRAFT_MAX_CHARS`; a unit test holds them equal). */
export const DRAFT_TRANSLATION_MAX_CHARS = 20_000

export const draftTranslationRequestSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, { error: messageId(msg`There is no text to translate yet`) })
      .max(DRAFT_TRANSLATION_MAX_CHARS, { error: messageId(msg`This text is too long to translate at once: translate it in parts`) }),
    from: langSchema,
    to: langSchema,
  })
  .refine((request) => request.from !== request.to, { path: ['to'], error: messageId(msg`Choose the other language to translate into`) })
export type DraftTranslationRequest = z.infer<typeof draftTranslationRequestSchema>

/** Why a press brought no draft: no provider, today's budget spent, too many presses, the provider failed. */
export const draftTranslationFailureSchema = z.enum(['off', 'budget', 'rate_limited', 'provider'])
export type DraftTranslationFailure = z.infer<typeof draftTranslationFailureSchema>

export const draftTranslationResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), text: z.string() }),
  z.object({ ok: z.literal(false), reason: draftTranslationFailureSchema, retryAfterSeconds: z.number().int().nonnegative().optional() }),
])
export type DraftTranslationResult = z.infer<typeof draftTranslationResultSchema>

/** Whether the buttons are shown: a provider is configured (they are hidden when it is `off`). */
export const draftTranslationStatusSchema = z.object({ available: z.boolean() })
export type DraftTranslationStatus = z.infer<typeof draftTranslationStatusSchema>
