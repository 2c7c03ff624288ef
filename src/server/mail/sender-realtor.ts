import type { Lang } from '~/lib/lang'
import type { AppServices } from '~/server/services'
import { absoluteMailUrl } from './mail-html'
import type { MailRealtor } from './realtor-mail'

/*
 * What a realtor's mails (alerts, market reports, tour answers, instant replies, CMAs) say about the realtor they
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

/** What a realtor's mails say about them, read once per run. */
export type RealtorForMail = {
  name: Record<'ko' | 'en', string>
  email: string
  desiredUrl: string
  hompageHost: string | null
  photo: string | null
  licenseNumber: string | null
  brokerageName: string | null
  brokerageLicenseNumber: string | null
  brokerageAddress: string | null
  regions: Array<{ state: string; cityKey: string }>
}

/**
 * The realtor as their mails (alerts, market reports) present them: the name in the mail's
 * language, how to reach them, the licence lines and the postal address CAN-SPAM requires.
 * The stored photo is made absolute against the homepage the mail links to.
 */
export function realtorInMail(services: AppServices, realtor: RealtorForMail, lang: Lang, homepageUrl: string): MailRealtor {
  const { email, licenseNumber, brokerageName, brokerageLicenseNumber } = realtor
  return {
    name: realtor.name[lang],
    email,
    photo: absoluteMailUrl(realtor.photo, homepageUrl),
    licenseNumber,
    brokerageName,
    brokerageLicenseNumber,
    postalAddress: postalAddressFor(realtor, services),
    homepageUrl,
  }
}
