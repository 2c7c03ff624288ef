import type { AppServices } from '~/server/services'

/*
 * What a realtor's mails (alerts, tour answers, instant replies) say about the realtor they
 * come from: the name in both languages, where the homepage is, how to reach them, and the
 * licence and brokerage lines that state rules and CAN-SPAM (decision 018) require. One list,
 * so a mail cannot forget the brokerage's address while another remembers it.
 */
export const SENDER_REALTOR_COLUMNS = [
  'displayNameKo',
  'displayNameEn',
  'desiredUrl',
  'hompageHost',
  'email',
  'contactPhone',
  'licenseNumber',
  'brokerageName',
  'brokerageLicenseNumber',
  'brokerageAddress',
] as const

/**
 * The postal address a commercial mail must carry (CAN-SPAM, 15 U.S.C. 7704(a)(5); decision
 * 018): the realtor's brokerage address, else the platform's MAIL_POSTAL_ADDRESS. Blank counts as none.
 */
export function postalAddressFor(realtor: { brokerageAddress: string | null }, services: AppServices): string | null {
  return realtor.brokerageAddress?.trim() || services.config.mailPostalAddress?.trim() || null
}
