import { z } from 'zod'

/*
 * What the editors' translate buttons get back (issue 54 item 4, decision 072); the request is
 * `translateDraftSchema` (./translation.ts). A draft for the other language's field, or why there
 * is none; and whether the buttons are shown at all.
 */

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
