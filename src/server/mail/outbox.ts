import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { z } from 'zod'
import type { Database, MailOutboxTable } from '~/server/db/schema'
import type { AppServices } from '~/server/services'
import type { MailAttachment } from './mailer'
import type { MailDeliveryState } from '~/schemas/lead-timeline'
import { suppressAddress } from './suppression'
import { deliverDue, deliverLeased, isDue, type DeliveryResult, type DeliveryRows } from './delivery-lease'

export type OutboxMail = Pick<
  MailOutboxTable,
  'kind' | 'realtorId' | 'savedSearchId' | 'toAddress' | 'fromName' | 'replyTo' | 'subject' | 'textBody' | 'htmlBody'
> & {
  /**
   * The lead a mail to a visitor belongs to, so its timeline shows it (decision 068); null for a
   * mail to a realtor. Required, so every place that sends a mail decides.
   */
  leadId: string | null
  headers?: Record<string, string>
  attachments?: Array<MailAttachment>
}

/** The attachments column's JSON: anything else read from it is dropped, never sent. */
const storedAttachmentsSchema = z.array(
  z.object({
    filename: z.string(),
    contentType: z.string(),
    content: z.string(),
    calendarMethod: z.enum(['REQUEST', 'CANCEL']).optional(),
  }),
)

export function parseAttachments(json: string | null): Array<MailAttachment> | undefined {
  if (!json) return undefined
  const parsed = storedAttachmentsSchema.safeParse(JSON.parse(json))
  return parsed.success && parsed.data.length > 0 ? parsed.data : undefined
}

/**
 * Stores a mail to send (confirmations, alerts). Takes a transaction so a mail and the state
 * that caused it (a match marked alerted, a search created) are stored together or not at all.
 * `id` is for a caller that marks rows with the mail before storing it (alerts' matches).
 */
export async function enqueueMail(db: Kysely<Database> | Transaction<Database>, mail: OutboxMail, now: Date, id: string = randomUUID()): Promise<string> {
  const { headers, attachments, ...columns } = mail
  await db
    .insertInto('mailOutbox')
    .values({
      id,
      ...columns,
      headers: headers ? JSON.stringify(headers) : null,
      attachments: attachments && attachments.length > 0 ? JSON.stringify(attachments) : null,
      state: 'outbox',
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
      createdAt: now.toISOString(),
      sentAt: null,
    })
    .execute()
  return id
}

function parseHeaders(json: string | null): Record<string, string> | undefined {
  if (!json) return undefined
  const parsed: unknown = JSON.parse(json)
  if (typeof parsed !== 'object' || parsed === null) return undefined
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/** The mail_outbox table as a leased delivery queue (`./delivery-lease`). */
function outboxRows(db: Kysely<Database>): DeliveryRows<Selectable<MailOutboxTable>> {
  const due = (now: string) => isDue({ state: 'state', nextAttemptAt: 'nextAttemptAt' }, now)
  return {
    claim: async (id, now, leaseUntil) => {
      const claimed = await db
        .updateTable('mailOutbox')
        .set({ state: 'sending', nextAttemptAt: leaseUntil })
        .where('id', '=', id)
        .where(due(now))
        .executeTakeFirst()
      return Number(claimed.numUpdatedRows) === 1
    },
    load: (id) => db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst(),
    due: async (now, limit) =>
      (await db.selectFrom('mailOutbox').select('id').where(due(now)).orderBy('createdAt').limit(limit).execute()).map((row) => row.id),
    markSent: async (id, attempts, at) => {
      await db.updateTable('mailOutbox').set({ state: 'sent', attempts, sentAt: at, lastError: null, nextAttemptAt: null }).where('id', '=', id).execute()
    },
    markKept: async (id, attempts, error, retryAt) => {
      await db.updateTable('mailOutbox').set({ state: 'outbox', attempts, lastError: error, nextAttemptAt: retryAt }).where('id', '=', id).execute()
    },
    // The recipient refused for good: never tried again, and the bounce recorded as a reported one is.
    markBounced: async (id, attempts, error, at) => {
      await db.updateTable('mailOutbox').set({ state: 'bounced', attempts, lastError: error, nextAttemptAt: null }).where('id', '=', id).execute()
      await recordMailBounce(db, id, error, new Date(at))
    },
  }
}

/** Sends one stored mail under a lease; without a mailer it stays in the outbox, where the platform admin sees it. */
export function deliverOutboxMail(services: AppServices, id: string): Promise<DeliveryResult> {
  return deliverLeased(services, outboxRows(services.db), id, (mail, mailer) =>
    mailer.send({
      to: mail.toAddress,
      fromName: mail.fromName,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody ?? undefined,
      headers: parseHeaders(mail.headers),
      attachments: parseAttachments(mail.attachments),
    }),
  )
}

/** Sends every stored mail whose time has come, oldest first. Called after enqueueing and on an interval. */
export function deliverPendingMail(services: AppServices, limit = 200): Promise<{ sent: number; kept: number; bounced: number }> {
  return deliverDue(services, outboxRows(services.db), limit, (id) => deliverOutboxMail(services, id))
}

/** One mail's delivery state as the lead's timeline says it (decision 068), from the queue's columns and a reported bounce. */
export function mailDeliveryState(mail: Pick<Selectable<MailOutboxTable>, 'state' | 'lastError' | 'bouncedAt'>): MailDeliveryState {
  if (mail.bouncedAt) return 'bounced'
  if (mail.state === 'sent') return 'sent'
  // Back in the outbox after a failed attempt: it is tried again later, but the realtor sees it failed.
  if (mail.state === 'outbox' && mail.lastError) return 'failed'
  return 'queued'
}

/**
 * A bounce for one mail (the recipient refused at sending, `markBounced`; later a delivery status
 * notification or a provider's webhook would report one here too): kept
 * on the mail, so its lead's timeline says which mail bounced, and on the address, so no robot
 * writes to it again. Answers false for an unknown mail; a second report keeps the first.
 */
export async function recordMailBounce(db: Kysely<Database>, mailId: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const mail = await trx.selectFrom('mailOutbox').select(['id', 'toAddress', 'bouncedAt']).where('id', '=', mailId).executeTakeFirst()
    if (!mail) return false
    if (!mail.bouncedAt) {
      await trx
        .updateTable('mailOutbox')
        .set({ bouncedAt: now.toISOString(), bounceReason: reason.slice(0, 500) })
        .where('id', '=', mail.id)
        .execute()
    }
    await suppressAddress(trx, mail.toAddress, 'bounce', now)
    return true
  })
}
