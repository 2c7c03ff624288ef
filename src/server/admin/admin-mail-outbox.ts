import type { AdminMailOutbox, AdminPendingMail } from '~/schemas/admin'
import type { Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'
import { requireAdmin } from './admin-realtors'

const SHOWN = 20

/**
 * Issue 13 item 3: mail that has not gone out, from both outboxes (contact messages keep their
 * own delivery state; confirmations and alerts live in mail_outbox). Without SMTP nothing is
 * lost, it waits here, and this is where the platform admin sees how much and why.
 */
export async function adminMailOutbox(services: AppServices, actor: Actor | null): Promise<AdminMailOutbox> {
  requireAdmin(actor)
  const { db } = services
  const withoutAddress = services.config.mailPostalAddress
    ? Promise.resolve({ count: 0 })
    : db
        .selectFrom('realtor')
        .select((eb) => eb.fn.count<number | string>('realtor.id').distinct().as('count'))
        .innerJoin('savedSearch', 'savedSearch.realtorId', 'realtor.id')
        .where('savedSearch.status', '=', 'active')
        .where((eb) => eb.or([eb('realtor.brokerageAddress', 'is', null), eb('realtor.brokerageAddress', '=', '')]))
        .executeTakeFirstOrThrow()
  const [contactCount, mailCount, contacts, mails, missingAddress] = await Promise.all([
    db
      .selectFrom('contactMessage')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('deliveryState', '!=', 'sent')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('state', '!=', 'sent')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contactMessage')
      .innerJoin('realtor', 'realtor.id', 'contactMessage.realtorId')
      .select([
        'contactMessage.id',
        'realtor.email as toAddress',
        'contactMessage.name',
        'contactMessage.deliveryAttempts',
        'contactMessage.lastDeliveryError',
        'contactMessage.createdAt',
      ])
      .where('contactMessage.deliveryState', '!=', 'sent')
      .orderBy('contactMessage.createdAt')
      .limit(SHOWN)
      .execute(),
    db
      .selectFrom('mailOutbox')
      .select(['id', 'kind', 'toAddress', 'subject', 'attempts', 'lastError', 'createdAt'])
      .where('state', '!=', 'sent')
      .orderBy('createdAt')
      .limit(SHOWN)
      .execute(),
    withoutAddress,
  ])
  const oldest: Array<AdminPendingMail> = [
    ...contacts.map((row): AdminPendingMail => ({
      id: row.id,
      kind: 'contact',
      toAddress: row.toAddress,
      subject: row.name,
      attempts: Number(row.deliveryAttempts),
      lastError: row.lastDeliveryError,
      createdAt: row.createdAt,
    })),
    ...mails.map((row): AdminPendingMail => ({ ...row, attempts: Number(row.attempts) })),
  ]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .slice(0, SHOWN)
  return {
    smtpConfigured: services.mailer !== undefined,
    realtorsWithoutPostalAddress: Number(missingAddress.count),
    pendingContacts: Number(contactCount.count),
    pendingMails: Number(mailCount.count),
    oldest,
  }
}
