import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { DEFAULT_TIME_ZONE, isTimeZone } from '~/lib/local-time'
import { templateProblems } from '~/lib/reply-placeholders'
import { messageId } from './messages'

/*
 * A realtor's instant reply and daily digest settings (issue 26, decision 021): the editor's
 * "Instant reply" tab and `GET/PUT /realtors/{id}/reply-settings` read and write this shape.
 * Subjects and bodies are the words that go out, defaults included: a realtor who never
 * edits reads (and previews) the default of each language.
 */

export const REPLY_SUBJECT_MAX = 150
export const REPLY_BODY_MAX = 4000

const unknownPlaceholder = messageId(msg`Use only the placeholders listed here. Check the spelling of the words in braces.`)
const unbalancedBrace = messageId(msg`Each placeholder needs an opening and a closing brace.`)

/** Adds the template's problems (unknown placeholders, lone braces) as issues of its field. */
function checkTemplate(value: string, context: z.core.$RefinementCtx<string>): void {
  const problems = templateProblems(value)
  // One message per kind: the editor lists each wrong spot by name under the field (issue 52 item 9).
  if (problems.some((problem) => problem.kind === 'unknown')) context.addIssue({ code: 'custom', message: unknownPlaceholder, input: value })
  if (problems.some((problem) => problem.kind === 'unbalanced')) context.addIssue({ code: 'custom', message: unbalancedBrace, input: value })
}

const subject = z
  .string({ error: messageId(msg`Enter a subject`) })
  .trim()
  .min(1, { error: messageId(msg`Enter a subject`) })
  .max(REPLY_SUBJECT_MAX, { error: messageId(msg`This text is too long`) })
  .refine((value) => !/[\r\n]/.test(value), { error: messageId(msg`A subject fits on one line`) })
  .superRefine(checkTemplate)

const body = z
  .string({ error: messageId(msg`Enter the text of the reply`) })
  .trim()
  .min(1, { error: messageId(msg`Enter the text of the reply`) })
  .max(REPLY_BODY_MAX, { error: messageId(msg`This text is too long`) })
  .superRefine(checkTemplate)

export const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => hour)

/** What the realtor sends to save (the form, `PUT /realtors/{id}/reply-settings`). */
export const replySettingsInputSchema = z.object({
  replyEnabled: z.boolean({ error: messageId(msg`Choose on or off`) }),
  subjectKo: subject,
  bodyKo: body,
  subjectEn: subject,
  bodyEn: body,
  lang: z.enum(['ko', 'en'], { error: messageId(msg`Choose Korean or English`) }),
  timeZone: z
    .string({ error: messageId(msg`Choose a time zone`) })
    .trim()
    .refine(isTimeZone, { error: messageId(msg`Choose a time zone from the list, such as America/Los_Angeles`) }),
  digestHour: z
    .number({ error: messageId(msg`Choose an hour from 0 to 23`) })
    .int({ error: messageId(msg`Choose an hour from 0 to 23`) })
    .min(0, { error: messageId(msg`Choose an hour from 0 to 23`) })
    .max(23, { error: messageId(msg`Choose an hour from 0 to 23`) }),
  digestEnabled: z.boolean({ error: messageId(msg`Choose on or off`) }),
})
export type ReplySettingsInput = z.infer<typeof replySettingsInputSchema>
export type ReplySettingsFormValues = z.input<typeof replySettingsInputSchema>

/**
 * The server function's request: the realtor and the settings, which the use case parses
 * itself so the field errors are keyed by the settings' own field names (`subjectKo`).
 */
export const replySettingsUpdateSchema = z.object({ realtorId: z.string().min(1).max(64), settings: z.custom<ReplySettingsFormValues>() })
export const replySettingsQuerySchema = z.object({ realtorId: z.string().min(1).max(64) })

/** The settings as stored and answered, the defaults filled in. */
export const replySettingsSchema = z.object({
  realtorId: z.string(),
  replyEnabled: z.boolean(),
  subjectKo: z.string(),
  bodyKo: z.string(),
  subjectEn: z.string(),
  bodyEn: z.string(),
  /** Per language: true while the realtor keeps the default wording (it follows our translations). */
  usesDefaultKo: z.boolean(),
  usesDefaultEn: z.boolean(),
  /** Our default wording of each language, for "Restore the default wording" (issue 52 item 9). */
  defaults: z.object({
    ko: z.object({ subject: z.string(), body: z.string() }),
    en: z.object({ subject: z.string(), body: z.string() }),
  }),
  lang: z.enum(['ko', 'en']),
  timeZone: z.string().meta({ description: 'IANA time zone of the realtor', example: DEFAULT_TIME_ZONE }),
  digestHour: z.number().int().min(0).max(23),
  digestEnabled: z.boolean(),
  /** Null until the realtor first saves. */
  updatedAt: z.string().nullable(),
})
export type ReplySettings = z.infer<typeof replySettingsSchema>
