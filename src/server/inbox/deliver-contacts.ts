import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { nextAttemptDelayMs, SENDING_LEASE_MS } from '~/server/mail/retry'
import type { AppServices } from '~/server/services'
import { contactNotificationText } from './contact-notification'

/**
 * Sends one stored message to its realtor. The row is claimed first (outbox → sending), so
 * two processes never send the same message; a failure puts it back in the outbox with a
 * later retry time. The message itself is never deleted or altered.
 */
export async function deliverContact(services: AppServices, id: string): Promise<'sent' | 'kept' | 'skipped'> {
  const { db, mailer } = services
  if (!mailer) return 'kept'
  const now = services.now()
  const claimed = await db
    .updateTable('contactMessage')
    .set({ deliveryState: 'sending', nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS).toISOString() })
    .where('id', '=', id)
    .where((where) =>
      where.or([where('deliveryState', '=', 'outbox'), where.and([where('deliveryState', '=', 'sending'), where('nextAttemptAt', '<=', now.toISOString())])]),
    )
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return 'skipped'

  const message = await db
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
      'contactMessage.deliveryAttempts',
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
  if (!message) return 'skipped'

  const attempts = Number(message.deliveryAttempts) + 1
  const lang = message.consentLang === 'en' ? 'en' : 'ko'
  try {
    await loadCatalog(lang)
    await mailer.send({
      to: message.realtorEmail,
      replyTo: message.email,
      subject: `[${services.config.siteName.ko} / ${services.config.siteName.en}] ${message.name}`,
      text: contactNotificationText(i18nFor(lang), message),
    })
    await db
      .updateTable('contactMessage')
      .set({ deliveryState: 'sent', deliveryAttempts: attempts, deliveredAt: services.now().toISOString(), lastDeliveryError: null, nextAttemptAt: null })
      .where('id', '=', id)
      .execute()
    return 'sent'
  } catch (error) {
    await db
      .updateTable('contactMessage')
      .set({
        deliveryState: 'outbox',
        deliveryAttempts: attempts,
        lastDeliveryError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        nextAttemptAt: new Date(services.now().getTime() + nextAttemptDelayMs(attempts)).toISOString(),
      })
      .where('id', '=', id)
      .execute()
    return 'kept'
  }
}

/** Retries every message whose time has come. Called on an interval by the server. */
export async function deliverPendingContacts(services: AppServices, limit = 50): Promise<{ sent: number; kept: number }> {
  if (!services.mailer) return { sent: 0, kept: 0 }
  const now = services.now().toISOString()
  const due = await services.db
    .selectFrom('contactMessage')
    .select('id')
    .where((where) =>
      where.or([
        where.and([where('deliveryState', '=', 'outbox'), where.or([where('nextAttemptAt', 'is', null), where('nextAttemptAt', '<=', now)])]),
        where.and([where('deliveryState', '=', 'sending'), where('nextAttemptAt', '<=', now)]),
      ]),
    )
    .orderBy('createdAt')
    .limit(limit)
    .execute()
  let sent = 0
  let kept = 0
  for (const { id } of due) {
    const result = await deliverContact(services, id)
    if (result === 'sent') sent += 1
    else if (result === 'kept') kept += 1
  }
  return { sent, kept }
}
