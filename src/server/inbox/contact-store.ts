import { contactStatusSchema, type ContactMessage } from '~/schemas/inbox'
import type { ContactMessageRow } from '~/server/db/schema'

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    realtorId: row.realtorId,
    name: row.name,
    lastName: row.lastName,
    firstName: row.firstName,
    email: row.email,
    phone: row.phone,
    phoneCountryCode: row.phoneCountryCode,
    message: row.message,
    listingKey: row.listingKey,
    isTerm: 'Y',
    status: contactStatusSchema.catch('new').parse(row.status),
    deliveryState: row.deliveryState === 'sent' ? 'sent' : row.deliveryState === 'sending' ? 'sending' : 'outbox',
    createdAt: row.createdAt,
    consent: {
      version: row.consentVersion,
      text: row.consentText,
      lang: row.consentLang === 'ko' || row.consentLang === 'en' ? row.consentLang : null,
      page: row.consentPage,
      consentedAt: row.consentedAt,
      phoneContact: row.phoneContactConsent === null ? null : Number(row.phoneContactConsent) === 1,
      phoneContactVersion: row.phoneContactConsentVersion,
      phoneContactText: row.phoneContactConsentText,
    },
  }
}
