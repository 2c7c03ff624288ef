import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { langSchema } from './lang'
import { messageId } from './messages'

/*
 * The realtor's translate button (issue 54 item 4): the text of one field, its language and the
 * language of the field the draft goes to. The server translates it through the configured
 * provider (src/server/translation/translate-draft.ts); the realtor edits the draft and saves.
 */

/** The longest text one press translates: a long post; the server cuts it at paragraph ends for the provider. */
export const DRAFT_MAX_CHARS = 20_000

/** `html`: the post editor's text, whose tags the provider must keep (DeepL and Google translate around them). */
export const TEXT_FORMATS = ['text', 'html'] as const
export type TextFormat = (typeof TEXT_FORMATS)[number]

export const translateDraftSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, { error: messageId(msg`Write something to translate first`) })
      .max(DRAFT_MAX_CHARS, { error: messageId(msg`This text is too long to translate at once`) }),
    from: langSchema,
    to: langSchema,
    /** Plain text when left out. */
    format: z.enum(TEXT_FORMATS).optional(),
  })
  .refine((input) => input.from !== input.to, { path: ['to'], error: messageId(msg`Choose the other language to translate into`) })
export type TranslateDraftRequest = z.infer<typeof translateDraftSchema>
