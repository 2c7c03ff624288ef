import { z } from 'zod'

/*
 * The one lead model (issue 26, decision 020): every kind of lead a realtor's site catches, and
 * the stages of the realtor's pipeline. Messages keep their own `status` (new/read/handled) and
 * saved searches their subscription `status` on their own endpoints; `stage` is the realtor's
 * pipeline, the same for every kind.
 */

export const leadKindSchema = z.enum(['message', 'saved_search', 'tour', 'seller'])
export type LeadKind = z.infer<typeof leadKindSchema>

export const leadStageSchema = z.enum(['new', 'contacted', 'appointment', 'client', 'closed', 'archived'])
export type LeadStage = z.infer<typeof leadStageSchema>

/** Whether the instant reply went out: `none` for kinds (and rows older than the feature) that get none. */
export const leadReplyStateSchema = z.enum(['none', 'pending', 'sent', 'skipped'])
export type LeadReplyState = z.infer<typeof leadReplyStateSchema>
