import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { z } from 'zod'
import type { Database, MailOutboxTable } from '~/server/db/schema'
import type { AppServices } from '~/server/services'
import type { MailAttachment } from './mailer'
import { nextAttemptDelayMs, SENDING_LEASE_MS } from './retry'

export type OutboxMail = Pick<
  MailOutboxTable,
  'kind' | 'realtorId' | 'savedSearchId' | 'toAddress' | 'fromName' | 'replyTo' | 'subject' | 'textBody' | 'htmlBody'
> & { headers?: Record<string, string>; attachments?: Array<MailAttachment> }

/** The attachments column's JSON: anything else read from it is dropped, never sent. */
const storedAttachmentsSchema = z.array(
  z.object({
    filename: z.string(),
    contentType: z.string(),
    content: z.string(),
    calendarMethod: z.enum(['REQUEST', 'CANCEL']).optional(),
  }),
)

function parseAttachments(json: string | null): Array<MailAttachment> | undefined {
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

/**
 * Sends one stored mail. It is claimed first (outbox → sending with a lease), so two processes
 * or workers never send it twice; a failure puts it back with a later retry time. Without a
 * mailer it stays in the outbox, where the platform admin sees it.
 */
export async function deliverOutboxMail(services: AppServices, id: string): Promise<'sent' | 'kept' | 'skipped'> {
  const { db, mailer } = services
  if (!mailer) return 'kept'
  const now = services.now()
  const claimed = await db
    .updateTable('mailOutbox')
    .set({ state: 'sending', nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS).toISOString() })
    .where('id', '=', id)
    .where((where) =>
      where.or([
        where.and([where('state', '=', 'outbox'), where.or([where('nextAttemptAt', 'is', null), where('nextAttemptAt', '<=', now.toISOString())])]),
        where.and([where('state', '=', 'sending'), where('nextAttemptAt', '<=', now.toISOString())]),
      ]),
    )
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return 'skipped'
  const mail = await db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst()
  if (!mail) return 'skipped'
  const attempts = Number(mail.attempts) + 1
  try {
    await mailer.send({
      to: mail.toAddress,
      fromName: mail.fromName,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody ?? undefined,
      headers: parseHeaders(mail.headers),
      attachments: parseAttachments(mail.attachments),
    })
    await db
      .updateTable('mailOutbox')
      .set({ state: 'sent', attempts, sentAt: services.now().toISOString(), lastError: null, nextAttemptAt: null })
      .where('id', '=', id)
      .execute()
    return 'sent'
  } catch (error) {
    await db
      .updateTable('mailOutbox')
      .set({
        state: 'outbox',
        attempts,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        nextAttemptAt: new Date(services.now().getTime() + nextAttemptDelayMs(attempts)).toISOString(),
      })
      .where('id', '=', id)
      .execute()
    return 'kept'
  }
}

/** Sends every stored mail whose time has come, oldest first. Called after enqueueing and on an interval. */
export async function deliverPendingMail(services: AppServices, limit = 200): Promise<{ sent: number; kept: number }> {
  if (!services.mailer) return { sent: 0, kept: 0 }
  const now = services.now().toISOString()
  const due = await services.db
    .selectFrom('mailOutbox')
    .select('id')
    .where((where) =>
      where.or([
        where.and([where('state', '=', 'outbox'), where.or([where('nextAttemptAt', 'is', null), where('nextAttemptAt', '<=', now)])]),
        where.and([where('state', '=', 'sending'), where('nextAttemptAt', '<=', now)]),
      ]),
    )
    .orderBy('createdAt')
    .limit(limit)
    .execute()
  let sent = 0
  let kept = 0
  for (const { id } of due) {
    const result = await deliverOutboxMail(services, id)
    if (result === 'sent') sent += 1
    else if (result === 'kept') kept += 1
  }
  return { sent, kept }
}
