import { z } from 'zod'
import { leadStageSchema } from './leads'
import { recordIdSchema } from './record-id'
import { savedSearchFrequencySchema } from './saved-search'
import { tourModeSchema, tourSlotSchema } from './tours'

/*
 * A lead's timeline (issue 52 item 2, decision 068): what the visitor sent, every mail sent to
 * them with its delivery state, the realtor's stage and follow-up changes and notes, oldest
 * first. The same schema for `GET /leads/{id}/timeline` and the workspace.
 */

/** Every kind of mail in the outbox; a lead's timeline holds those sent to its visitor. */
export const outboxMailKindSchema = z.enum([
  'lead-reply',
  'tour-confirmed',
  'tour-cancelled',
  'saved-search-confirm',
  'saved-search-alert',
  'market-confirm',
  'market-report',
  'lead-digest',
  'seller-lead',
  'cma',
])
export type OutboxMailKind = z.infer<typeof outboxMailKindSchema>

/**
 * Where one mail stands: `queued` (waiting or being sent), `sent` (the mail server took it),
 * `failed` (the last attempt failed; it is tried again later), `bounced` (reported undeliverable
 * after it was sent; the address is suppressed too).
 */
export const mailDeliveryStateSchema = z.enum(['queued', 'sent', 'failed', 'bounced'])
export type MailDeliveryState = z.infer<typeof mailDeliveryStateSchema>

const entryBase = {
  id: z.string().meta({ description: 'Unique within the timeline (the row it comes from)' }),
  at: z.string().meta({ description: 'ISO-8601 UTC; entries are ordered by it, oldest first' }),
}

export const timelineMessageSchema = z.object({
  type: z.literal('message'),
  ...entryBase,
  text: z.string(),
  listingKey: z.string().nullable(),
})

export const timelineTourRequestSchema = z.object({
  type: z.literal('tour_request'),
  ...entryBase,
  mode: tourModeSchema,
  listingKey: z.string(),
  listingAddress: z.string(),
  timeZone: z.string().meta({ description: 'IANA zone of the home; the times asked for are in it' }),
  slots: z.array(tourSlotSchema),
  message: z.string().nullable(),
})

export const timelineSellerRequestSchema = z.object({
  type: z.literal('seller_request'),
  ...entryBase,
  address: z.string(),
  propertyType: z.string(),
  beds: z.number(),
  baths: z.number(),
  livingArea: z.number(),
  yearBuilt: z.number().nullable(),
  timeframe: z.string().meta({ description: '`0-3`, `3-6`, `6-12` (months) or `curious`' }),
  estimate: z.object({ low: z.number(), typical: z.number(), high: z.number() }).nullable().meta({ description: 'The estimate the visitor was shown' }),
  comparableCount: z.number().int(),
})

export const timelineSavedSearchSchema = z.object({
  type: z.literal('saved_search'),
  ...entryBase,
  criteria: z.string().meta({ description: "The search's filters in words, in the request's language" }),
  frequency: savedSearchFrequencySchema,
})

export const timelineAttachmentSchema = z.object({
  index: z.number().int().meta({ description: "Its place among the mail's files: `GET /leads/{id}/mails/{mailId}/attachments/{index}`" }),
  filename: z.string(),
  contentType: z.string(),
})

export const timelineMailSchema = z.object({
  type: z.literal('mail'),
  ...entryBase,
  kind: outboxMailKindSchema,
  subject: z.string(),
  to: z.string(),
  state: mailDeliveryStateSchema,
  sentAt: z.string().nullable(),
  bouncedAt: z.string().nullable(),
  hasHtml: z.boolean().meta({ description: 'The mail as sent: `GET /leads/{id}/mails/{mailId}/html` (sandboxed)' }),
  attachments: z.array(timelineAttachmentSchema),
})

export const timelineStageSchema = z.object({ type: z.literal('stage'), ...entryBase, from: leadStageSchema.nullable(), to: leadStageSchema })

export const timelineFollowUpSchema = z.object({
  type: z.literal('follow_up'),
  ...entryBase,
  from: z.string().nullable().meta({ description: 'YYYY-MM-DD, or null' }),
  to: z.string().nullable().meta({ description: 'YYYY-MM-DD, or null (cleared)' }),
})

export const timelineNoteSchema = z.object({ type: z.literal('note'), ...entryBase, body: z.string() })

export const leadTimelineEntrySchema = z.discriminatedUnion('type', [
  timelineMessageSchema,
  timelineTourRequestSchema,
  timelineSellerRequestSchema,
  timelineSavedSearchSchema,
  timelineMailSchema,
  timelineStageSchema,
  timelineFollowUpSchema,
  timelineNoteSchema,
])
export type LeadTimelineEntry = z.infer<typeof leadTimelineEntrySchema>
export type TimelineMail = z.infer<typeof timelineMailSchema>

export const leadTimelineSchema = z.object({ leadId: z.string(), entries: z.array(leadTimelineEntrySchema) })
export type LeadTimeline = z.infer<typeof leadTimelineSchema>

/** The workspace's request: the lead and the language its words (a search's criteria) are put in. */
export const leadTimelineRequestSchema = z.object({ id: recordIdSchema, viewerLang: z.enum(['ko', 'en']).default('ko') })
export type LeadTimelineRequest = z.input<typeof leadTimelineRequestSchema>

/** One mail of one lead (its HTML as sent, or one of its files). */
export const leadMailRequestSchema = z.object({ id: recordIdSchema, mailId: recordIdSchema })
export const leadMailAttachmentRequestSchema = leadMailRequestSchema.extend({ index: z.coerce.number().int().min(0).max(20) })
