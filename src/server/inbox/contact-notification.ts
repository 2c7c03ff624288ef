import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { formatPhoneInternational } from '~/lib/phone'

/** What the realtor's notification of a new message says, read from the stored lead. */
export type NotifiedContact = {
  name: string
  email: string
  phone: string
  phoneCountryCode: string
  message: string
  listingKey: string | null
  createdAt: string
  desiredUrl: string
  consentVersion: string | null
  consentText: string | null
  consentLang: string | null
  consentPage: string | null
  consentedAt: string | null
  phoneContactConsent: number | null
  phoneContactConsentVersion: string | null
  phoneContactConsentText: string | null
}

/**
 * The plain-text notification, in the language the visitor wrote in. It carries the consent
 * as stored with the lead (issue 15 item 4): a realtor who calls back from the mail alone
 * knows whether calls or texts were agreed to, in which words and on which page.
 */
export function contactNotificationText(i18n: I18n, contact: NotifiedContact): string {
  // Named values, so translators see what each placeholder is.
  const { listingKey } = contact
  const version = contact.consentVersion ?? ''
  const words = contact.consentText ?? ''
  const lang = contact.consentLang ?? ''
  const time = contact.consentedAt ?? ''
  const page = contact.consentPage ?? '-'
  const phoneWords = contact.phoneContactConsentText ?? ''
  const phoneVersion = contact.phoneContactConsentVersion ?? ''
  const consent =
    contact.consentText === null ? i18n._(msg`Consent: not recorded`) : i18n._(msg`Consent: “${words}” (${version}, ${lang}) at ${time} on ${page}`)
  const phoneConsent =
    contact.phoneContactConsent === null
      ? i18n._(msg`Calls or texts: not recorded`)
      : contact.phoneContactConsent === 1
        ? i18n._(msg`Calls or texts: agreed — “${phoneWords}” (${phoneVersion})`)
        : i18n._(msg`Calls or texts: not agreed. Answer by e-mail.`)
  return [
    `${contact.name} <${contact.email}>`,
    // The realtor may call from anywhere: the number with its country code (+82 10 1234 5678).
    formatPhoneInternational(contact.phone, contact.phoneCountryCode),
    ...(listingKey ? [i18n._(msg`Listing: ${listingKey}`)] : []),
    '',
    contact.message,
    '',
    '—',
    consent,
    phoneConsent,
    `${contact.createdAt} · /${contact.desiredUrl}`,
  ].join('\n')
}
