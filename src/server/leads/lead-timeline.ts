import type { Kysely } from 'kysely'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import { savedSearchFiltersOf, savedSearchInWords } from '~/lib/saved-search-words'
import {
  leadMailAttachmentRequestSchema,
  leadMailRequestSchema,
  outboxMailKindSchema,
  type LeadTimeline,
  type LeadTimelineEntry,
} from '~/schemas/lead-timeline'
import { leadStageSchema } from '~/schemas/leads'
import { recordIdRequestSchema } from '~/schemas/record-id'
import { savedSearchFrequencySchema } from '~/schemas/saved-search'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import type { Database } from '~/server/db/schema'
import { mailDeliveryState, parseAttachments } from '~/server/mail/outbox'
import type { AppServices } from '~/server/services'
import { toTourView } from '~/server/tours/tour-requests'
import { managedLead } from './leads'

/*
 * A lead's timeline (issue 52 item 2, decision 068): what the visitor sent, read from the
 * kind's own row; every mail sent to them (the outbox rows that carry the lead's id); the stage
 * and follow-up changes (`lead_event`) and the realtor's notes. Oldest first; at the same
 * instant the visitor's request comes first, then the realtor's changes, then the mails, then
 * notes (a tour confirmed moves the stage and sends the invitation in one transaction).
 * Only the lead's realtor (or an admin) reads it; to anyone else the lead does not exist.
 */

/** What the visitor sent, as one entry (or none for a kind that keeps no row of its own). */
async function requestEntry(db: Kysely<Database>, lead: { id: string; kind: string }, viewerLang: Lang): Promise<LeadTimelineEntry | undefined> {
  switch (lead.kind) {
    case 'message': {
      const row = await db.selectFrom('contactMessage').select(['id', 'message', 'listingKey', 'createdAt']).where('id', '=', lead.id).executeTakeFirst()
      return row && { type: 'message', id: row.id, at: row.createdAt, text: row.message, listingKey: row.listingKey }
    }
    case 'tour': {
      const row = await db.selectFrom('tourRequest').selectAll().where('id', '=', lead.id).executeTakeFirst()
      if (!row) return undefined
      const tour = toTourView(row)
      return {
        type: 'tour_request',
        id: tour.id,
        at: tour.createdAt,
        mode: tour.mode,
        listingKey: tour.listingKey,
        listingAddress: tour.listingAddress,
        timeZone: tour.timeZone,
        slots: tour.slots,
        message: tour.message,
      }
    }
    case 'seller': {
      const row = await db.selectFrom('sellerLead').selectAll().where('id', '=', lead.id).executeTakeFirst()
      if (!row) return undefined
      const { estimateLow: low, estimateTypical: typical, estimateHigh: high } = row
      return {
        type: 'seller_request',
        id: row.id,
        at: row.createdAt,
        address: `${row.street}, ${row.city}, ${row.state} ${row.postalCode}`,
        propertyType: row.propertyType,
        beds: Number(row.beds),
        baths: Number(row.baths),
        livingArea: Number(row.livingArea),
        yearBuilt: row.yearBuilt === null ? null : Number(row.yearBuilt),
        timeframe: row.timeframe,
        estimate: low !== null && typical !== null && high !== null ? { low: Number(low), typical: Number(typical), high: Number(high) } : null,
        comparableCount: Number(row.comparableCount),
      }
    }
    case 'saved_search': {
      const row = await db
        .selectFrom('savedSearch')
        .select(['id', 'createdAt', 'frequency', 'state', 'city', 'listingType', 'minPrice', 'maxPrice', 'minBeds', 'minBaths'])
        .where('id', '=', lead.id)
        .executeTakeFirst()
      if (!row) return undefined
      await loadCatalog(viewerLang)
      return {
        type: 'saved_search',
        id: row.id,
        at: row.createdAt,
        criteria: savedSearchInWords(i18nFor(viewerLang), savedSearchFiltersOf(row)),
        frequency: savedSearchFrequencySchema.catch('daily').parse(row.frequency),
      }
    }
    default:
      return undefined
  }
}

const ORDER: Record<LeadTimelineEntry['type'], number> = {
  message: 0,
  tour_request: 0,
  seller_request: 0,
  saved_search: 0,
  stage: 1,
  follow_up: 1,
  mail: 2,
  note: 3,
}

function byTime(a: LeadTimelineEntry, b: LeadTimelineEntry): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1
  if (ORDER[a.type] !== ORDER[b.type]) return ORDER[a.type] - ORDER[b.type]
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The mails of one lead, as the timeline lists them. */
async function mailEntries(db: Kysely<Database>, leadId: string): Promise<Array<LeadTimelineEntry>> {
  const rows = await db
    .selectFrom('mailOutbox')
    .select(['id', 'kind', 'subject', 'toAddress', 'state', 'lastError', 'createdAt', 'sentAt', 'bouncedAt', 'htmlBody', 'attachments'])
    .where('leadId', '=', leadId)
    .execute()
  return rows.map((row) => ({
    type: 'mail',
    id: row.id,
    at: row.createdAt,
    kind: outboxMailKindSchema.parse(row.kind),
    subject: row.subject,
    to: row.toAddress,
    state: mailDeliveryState(row),
    sentAt: row.sentAt,
    bouncedAt: row.bouncedAt,
    hasHtml: row.htmlBody !== null,
    attachments: (parseAttachments(row.attachments) ?? []).map((file, index) => ({ index, filename: file.filename, contentType: file.contentType })),
  }))
}

export async function readLeadTimeline(services: AppServices, actor: Actor | null, input: unknown, viewerLang: Lang): Promise<LeadTimeline> {
  const { id } = parseInput(recordIdRequestSchema, input)
  const managed = await managedLead(services, actor, id)
  const { db } = services
  const lead = await db.selectFrom('lead').select(['id', 'kind']).where('id', '=', managed.id).executeTakeFirstOrThrow()
  const [request, mails, events, notes] = await Promise.all([
    requestEntry(db, lead, viewerLang),
    mailEntries(db, lead.id),
    db.selectFrom('leadEvent').select(['id', 'type', 'fromValue', 'toValue', 'createdAt']).where('leadId', '=', lead.id).execute(),
    db.selectFrom('leadNote').select(['id', 'body', 'createdAt']).where('leadId', '=', lead.id).execute(),
  ])
  const entries: Array<LeadTimelineEntry> = [
    ...(request ? [request] : []),
    ...mails,
    ...events.flatMap((event): Array<LeadTimelineEntry> => {
      if (event.type === 'follow_up') return [{ type: 'follow_up', id: event.id, at: event.createdAt, from: event.fromValue, to: event.toValue }]
      const to = leadStageSchema.safeParse(event.toValue)
      if (!to.success) return []
      return [{ type: 'stage', id: event.id, at: event.createdAt, from: leadStageSchema.nullable().catch(null).parse(event.fromValue), to: to.data }]
    }),
    ...notes.map((note): LeadTimelineEntry => ({ type: 'note', id: note.id, at: note.createdAt, body: note.body })),
  ]
  return { leadId: lead.id, entries: entries.sort(byTime) }
}

/** One mail of a lead the caller manages, or a 404: a mail of another lead is not found, as another realtor's lead. */
async function leadMail(services: AppServices, actor: Actor | null, input: { id: string; mailId: string }) {
  const lead = await managedLead(services, actor, input.id)
  const mail = await services.db
    .selectFrom('mailOutbox')
    .select(['id', 'subject', 'textBody', 'htmlBody', 'attachments'])
    .where('id', '=', input.mailId)
    .where('leadId', '=', lead.id)
    .executeTakeFirst()
  if (!mail) throw errors.notFound()
  return mail
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The mail as it was sent, as an HTML document: its HTML part, or its text in a `<pre>` for a
 * text-only mail. Whoever serves it must keep it sandboxed (no scripts, no same origin): it is
 * the visitor's mail, not a page of ours.
 */
export async function readLeadMailHtml(services: AppServices, actor: Actor | null, input: unknown): Promise<string> {
  const mail = await leadMail(services, actor, parseInput(leadMailRequestSchema, input))
  if (mail.htmlBody !== null) return mail.htmlBody
  return `<!doctype html><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title><pre style="white-space:pre-wrap;font:14px/1.5 sans-serif">${escapeHtml(mail.textBody)}</pre>`
}

/** One file sent with a lead's mail (a tour's `.ics`), exactly as sent. */
export async function readLeadMailAttachment(
  services: AppServices,
  actor: Actor | null,
  input: unknown,
): Promise<{ filename: string; contentType: string; content: string }> {
  const request = parseInput(leadMailAttachmentRequestSchema, input)
  const mail = await leadMail(services, actor, request)
  const file = parseAttachments(mail.attachments)?.[request.index]
  if (!file) throw errors.notFound()
  return { filename: file.filename, contentType: file.contentType, content: file.content }
}
