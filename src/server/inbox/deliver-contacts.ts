import type { Kysely } from 'kysely'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { Database } from '~/server/db/schema'
import { deliverDue, deliverLeased, isDue, type DeliveryResult, type DeliveryRows } from '~/server/mail/delivery-lease'
import type { AppServices } from '~/server/services'
import { contactNotificationText } from './contact-notification'

/** A stored message as its notification needs it, with its realtor's address. */
function loadMessage(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('contactMessage')
    .innerJoin('realtor', 'realtor.id', 'contactMessage.realtorId')
    .select([
      'contactMessage.id',
      'contactMessage.name',
      'contactMessage.email',
      'contactMessage.phone',
      'contactMessage.phoneCountryCode',
      'contactMessage.message',
      'contactMessage.listingKey',
      'contactMessage.deliveryAttempts as attempts',
      'contactMessage.createdAt',
      'contactMessage.consentVersion',
      'contactMessage.consentText',
      'contactMessage.consentLang',
      'contactMessage.consentPage',
      'contactMessage.consentedAt',
      'contactMessage.phoneContactConsent',
      'contactMessage.phoneContactConsentVersion',
      'contactMessage.phoneContactConsentText',
      'realtor.email as realtorEmail',
      'realtor.desiredUrl',
    ])
    .where('contactMessage.id', '=', id)
    .executeTakeFirst()
}

type StoredMessage = NonNullable<Awaited<ReturnType<typeof loadMessage>>>

/**
 * The messages as a leased delivery queue (`~/server/mail/delivery-lease`): the message
 * itself is never deleted or altered by sending it, only its delivery columns.
 */
function messageRows(db: Kysely<Database>): DeliveryRows<StoredMessage> {
  const due = (now: string) => isDue({ state: 'deliveryState', nextAttemptAt: 'nextAttemptAt' }, now)
  return {
    claim: async (id, now, leaseUntil) => {
      const claimed = await db
        .updateTable('contactMessage')
        .set({ deliveryState: 'sending', nextAttemptAt: leaseUntil })
        .where('id', '=', id)
        .where(due(now))
        .executeTakeFirst()
      return Number(claimed.numUpdatedRows) === 1
    },
    load: (id) => loadMessage(db, id),
    due: async (now, limit) =>
      (await db.selectFrom('contactMessage').select('id').where(due(now)).orderBy('createdAt').limit(limit).execute()).map((row) => row.id),
    markSent: async (id, attempts, at) => {
      await db
        .updateTable('contactMessage')
        .set({ deliveryState: 'sent', deliveryAttempts: attempts, deliveredAt: at, lastDeliveryError: null, nextAttemptAt: null })
        .where('id', '=', id)
        .execute()
    },
    markKept: async (id, attempts, error, retryAt) => {
      await db
        .updateTable('contactMessage')
        .set({ deliveryState: 'outbox', deliveryAttempts: attempts, lastDeliveryError: error, nextAttemptAt: retryAt })
        .where('id', '=', id)
        .execute()
    },
  }
}

/** Sends one stored message to its realtor, in the language of the page it was sent from. */
export function deliverContact(services: AppServices, id: string): Promise<DeliveryResult> {
  return deliverLeased(services, messageRows(services.db), id, async (message, mailer) => {
    const lang = message.consentLang === 'en' ? 'en' : 'ko'
    await loadCatalog(lang)
    await mailer.send({
      to: message.realtorEmail,
      replyTo: message.email,
      subject: `[${services.config.siteName.ko} / ${services.config.siteName.en}] ${message.name}`,
      text: contactNotificationText(i18nFor(lang), message),
    })
  })
}

/** Retries every message whose time has come. Called on an interval by the server. */
export function deliverPendingContacts(services: AppServices, limit = 50): Promise<{ sent: number; kept: number }> {
  return deliverDue(services, messageRows(services.db), limit, (id) => deliverContact(services, id))
}
