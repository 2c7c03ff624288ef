import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { csvViewerLangSchema, leadPageOf } from './lead-list'
import { messageId } from './messages'
import { recordIdSchema } from './record-id'
import { blankAsAbsent } from './visitor-fields'

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

/*
 * The lead desk (issue 26 items 2 and 6): `GET /leads`, `PATCH /leads/{id}` and the notes, the
 * same schemas for the REST API and the workspace's server functions.
 */

export const LEADS_PAGE_LIMIT = { default: 50, max: 500 } as const

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * Where a lead's follow-up day stands on the realtor's own calendar (decision 067): `due` when
 * the day is today or past in the realtor's time zone, `upcoming` after today, `none` without a day.
 */
export const leadFollowUpFilterSchema = z.enum(['due', 'upcoming', 'none'], {
  error: messageId(msg`Choose due, upcoming or none`),
})
export type LeadFollowUpFilter = z.infer<typeof leadFollowUpFilterSchema>

/** `newest`: received newest first; `nextFollowUp`: the earliest follow-up day first, leads without one last. */
export const leadSortSchema = z.enum(['newest', 'nextFollowUp'], { error: messageId(msg`Sort by newest or nextFollowUp`) })
export type LeadSort = z.infer<typeof leadSortSchema>

/** The filters every read of the desk shares: the list, its CSV. */
const leadFilterFields = {
  realtorId: z.preprocess(blankAsAbsent, z.string().trim().max(64).optional()),
  kind: z.preprocess(blankAsAbsent, leadKindSchema.optional()),
  stage: z.preprocess(blankAsAbsent, leadStageSchema.optional()),
  lang: z.preprocess(blankAsAbsent, z.enum(['ko', 'en']).optional()),
  /** Part of a name or an e-mail address, any case. */
  q: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(100, { error: messageId(msg`Search for at most 100 characters`) })
      .optional(),
  ),
  nextFollowUp: z.preprocess(blankAsAbsent, leadFollowUpFilterSchema.optional()),
}

/** `GET /leads`: whose leads (an admin may name any realtor), filtered, sorted, a page at a time. */
export const leadsQuerySchema = z.object({
  ...leadFilterFields,
  sort: z.preprocess(blankAsAbsent, leadSortSchema.default('newest')),
  limit: z.coerce.number().int().min(1).max(LEADS_PAGE_LIMIT.max).default(LEADS_PAGE_LIMIT.default),
  cursor: z.string().max(200).optional(),
})
export type LeadsQuery = z.input<typeof leadsQuerySchema>

/**
 * `GET /leads/export.csv`: the list's filters (no paging: every lead they select), and the
 * language of the header row and words (`viewerLang`; else the request's Accept-Language).
 */
export const leadsExportQuerySchema = z.object({
  ...leadFilterFields,
  sort: z.preprocess(blankAsAbsent, leadSortSchema.default('newest')),
  viewerLang: csvViewerLangSchema,
})
export type LeadsExportQuery = z.input<typeof leadsExportQuerySchema>

/** One lead in the desk's list, whatever its kind; `id` is unique across kinds (the kind's own row id). */
export const leadItemSchema = z.object({
  id: z.string(),
  realtorId: z.string(),
  kind: leadKindSchema,
  stage: leadStageSchema,
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  lang: z.enum(['ko', 'en']),
  sourcePage: z.string().nullable().meta({ description: 'The path of the page the lead came from' }),
  listingKey: z.string().nullable(),
  nextFollowUp: z.string().nullable().meta({ description: 'YYYY-MM-DD, or null' }),
  followUpDue: z.boolean().meta({ description: "Whether the follow-up day is today or past in the realtor's time zone" }),
  replyState: leadReplyStateSchema,
  replySentAt: z.string().nullable(),
  notesCount: z.number().int(),
  createdAt: z.string(),
  summary: z.string().nullable().meta({
    description: "A short line of the kind's own content: a message's first 140 characters, a saved search's filters in words (in the request's language)",
  }),
})
export type LeadItem = z.infer<typeof leadItemSchema>

/** How many leads are at each stage, with the kind, language and search filters (not the stage one). */
export const leadStageCountsSchema = z.object({
  new: z.number().int(),
  contacted: z.number().int(),
  appointment: z.number().int(),
  client: z.number().int(),
  closed: z.number().int(),
  archived: z.number().int(),
})
export type LeadStageCounts = z.infer<typeof leadStageCountsSchema>

/** `total`: every lead matching all filters, the stage's included. */
export const leadPageSchema = leadPageOf({ leads: z.array(leadItemSchema) }, { stageCounts: leadStageCountsSchema })
export type LeadPage = z.infer<typeof leadPageSchema>

/** One part of the desk's "Today": the first leads of it, and how many it has in all. */
export const leadTodaySectionSchema = z.object({ leads: z.array(leadItemSchema), total: z.number().int() })
export type LeadTodaySection = z.infer<typeof leadTodaySectionSchema>

/**
 * The desk's "Today" (issue 52 item 1, decision 067): follow-ups that have come (the oldest
 * day first), then new leads no one has contacted, then tour requests waiting for an answer.
 * A lead appears once, in the first part it belongs to. `today` is the realtor's date.
 */
export const leadTodaySchema = z.object({
  today: z.string().meta({ description: "YYYY-MM-DD in the realtor's time zone" }),
  timeZone: z.string(),
  due: leadTodaySectionSchema,
  fresh: leadTodaySectionSchema,
  tours: leadTodaySectionSchema,
})
export type LeadToday = z.infer<typeof leadTodaySchema>

/**
 * `PATCH /leads/{id}`'s body: the stage, the next follow-up day (null clears it), the language
 * the visitor is answered in (detected from what they wrote; the realtor corrects it), or any
 * of them together.
 */
/** The follow-up days a realtor may set. */
export const FOLLOW_UP_RANGE = { first: '2000-01-01', last: '2099-12-31' } as const

/** A calendar day a follow-up may be set to; a date input's year half typed (0002-…) is not one. */
export function isFollowUpDay(day: string): boolean {
  return isCalendarDay(day) && day >= FOLLOW_UP_RANGE.first && day <= FOLLOW_UP_RANGE.last
}

export const leadUpdateBodySchema = z
  .object({
    stage: leadStageSchema.optional(),
    nextFollowUp: z
      .string()
      .trim()
      .refine(isCalendarDay, { error: messageId(msg`Enter a date as YYYY-MM-DD`) })
      // A follow-up is a working day of this century: year 0000 is a typo, and 9999-12-31 is what
      // the list's order reads as "no date" (server/leads/follow-up-cursor.ts).
      .refine((day) => !isCalendarDay(day) || isFollowUpDay(day), { error: messageId(msg`Choose a date from 2000 to 2099`) })
      .nullable()
      .optional(),
    lang: z
      .enum(['ko', 'en'], { error: messageId(msg`Choose Korean or English`) })
      .optional()
      .meta({ description: "The visitor's language: the instant reply and the desk's filter follow it" }),
  })
  .refine((body) => body.stage !== undefined || body.nextFollowUp !== undefined || body.lang !== undefined, {
    error: messageId(msg`Change the stage, the follow-up date or the language`),
    path: ['stage'],
  })
export type LeadUpdateBody = z.input<typeof leadUpdateBodySchema>

/** The language the reader reads summaries in (the workspace's page language; the API takes Accept-Language). */
const viewerLang = { viewerLang: z.enum(['ko', 'en']).default('ko') }

/** The workspace's list: the API's query and the page's language. */
export const leadsPageRequestSchema = leadsQuerySchema.extend(viewerLang)
export type LeadsPageRequest = z.input<typeof leadsPageRequestSchema>

/** The workspace's "Today" of one realtor (or every realtor the account owns). */
export const leadTodayRequestSchema = z.object({ realtorId: z.string().trim().min(1).max(64).optional(), ...viewerLang })
export type LeadTodayRequest = z.input<typeof leadTodayRequestSchema>

/** The workspace's change of one lead. */
export const leadChangeRequestSchema = z.object({ id: recordIdSchema, change: leadUpdateBodySchema, ...viewerLang })
export type LeadChangeRequest = z.input<typeof leadChangeRequestSchema>

/** A realtor's private, dated note on a lead. */
export const leadNoteSchema = z.object({ id: z.string(), leadId: z.string(), body: z.string(), createdAt: z.string() })
export type LeadNote = z.infer<typeof leadNoteSchema>

export const leadNotesSchema = z.object({ notes: z.array(leadNoteSchema) })
export type LeadNotes = z.infer<typeof leadNotesSchema>

/** `POST /leads/{id}/notes`'s body. */
export const leadNoteBodySchema = z.object({
  body: z
    .string({ error: messageId(msg`Write a note`) })
    .trim()
    .min(1, { error: messageId(msg`Write a note`) })
    .max(2000, { error: messageId(msg`Use at most 2,000 characters`) }),
})
export type LeadNoteBody = z.input<typeof leadNoteBodySchema>

export const leadNoteRequestSchema = leadNoteBodySchema.extend({ id: recordIdSchema })
export type LeadNoteRequest = z.input<typeof leadNoteRequestSchema>

export const leadNoteDeleteRequestSchema = z.object({ id: recordIdSchema, noteId: recordIdSchema })
export type LeadNoteDeleteRequest = z.input<typeof leadNoteDeleteRequestSchema>
