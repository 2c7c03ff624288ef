import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { Lang } from './lang'

/*
 * The consent wordings a visitor can be shown, by version (issue 15 item 4). The form renders
 * the wording of the version it sends, and the server stores the text of that version in the
 * language the visitor saw, rendered from this same registry: the client never supplies the
 * text. Changing a wording means adding a new version (and pointing CURRENT_CONSENT at it);
 * an old version stays here for good, so a lead stored under it still names real words.
 * Browser-safe and without zod, so the server-rendered form can import it.
 */

/**
 * What a wording asks agreement for: the terms and privacy notice, being called or texted, or
 * receiving e-mails about homes matching a saved search (issue 13), being contacted about a
 * requested tour (issue 26).
 */
export type ConsentKind = 'contact' | 'phoneContact' | 'savedSearch' | 'tour' | 'seller' | 'marketReport'

/** The values a wording may name; every wording receives all of them (`city`: the market report's, where there is one). */
export type ConsentValues = { realtor: string; city?: string }

export type ConsentWording = {
  version: string
  kind: ConsentKind
  /** The message, with the values filled in; the Lingui id is the same for any values. */
  describe: (values: ConsentValues) => MessageDescriptor
}

export const CONSENT_WORDINGS = [
  {
    version: 'contact-v1',
    kind: 'contact',
    describe: () => msg`I agree to the terms of use and the privacy notice.`,
  },
  {
    version: 'phone-contact-v1',
    kind: 'phoneContact',
    // TCPA-style: who will call, about what, and that agreeing is not a condition of a purchase.
    describe: ({ realtor }) =>
      msg`I agree to be called or texted by ${realtor} about my inquiry. This is not a condition of any purchase; message and data rates may apply.`,
  },
  {
    version: 'saved-search-v1',
    kind: 'savedSearch',
    // CAN-SPAM/CCPA: who will write, about what, and that every e-mail lets the visitor stop them.
    describe: ({ realtor }) => msg`I agree to receive e-mails from ${realtor} about homes matching this search. I can unsubscribe at any time from any e-mail.`,
  },
  {
    version: 'tour-v1',
    kind: 'tour',
    // Who will contact the visitor, how, about what; and the privacy notice the form links beside it.
    describe: ({ realtor }) => msg`I agree that ${realtor} may contact me by e-mail or phone about this tour request, and to the privacy notice.`,
  },
  {
    version: 'seller-v1',
    kind: 'seller',
    // Who will contact the owner, how, about what; that it is a request, not a listing agreement.
    describe: ({ realtor }) =>
      msg`I agree that ${realtor} may contact me by e-mail or phone about a valuation of this home. Asking commits me to nothing, and I agree to the privacy notice.`,
  },
  {
    version: 'market-report-v1',
    kind: 'marketReport',
    // CAN-SPAM: who will write, what, how often, and that every e-mail lets the visitor stop them.
    describe: ({ realtor, city = '' }) =>
      msg`I agree to receive the monthly market report for ${city} by e-mail from ${realtor}. I can unsubscribe at any time from any e-mail.`,
  },
  {
    // v1's Korean put 로부터 after the realtor's name, wrong after a name ending in a consonant
    // (김제인로부터): the words are new, so the version is too.
    version: 'market-report-v2',
    kind: 'marketReport',
    describe: ({ realtor, city = '' }) =>
      msg`I agree to receive ${realtor}'s monthly market report for ${city} by e-mail. I can unsubscribe at any time from any e-mail.`,
  },
  {
    version: 'market-report-seller-v1',
    kind: 'marketReport',
    // The seller form's optional box: its own words are the consent; the confirmation mail says who writes and how to stop.
    describe: ({ city = '' }) => msg`Also send me the monthly market report for ${city}`,
  },
] as const satisfies ReadonlyArray<ConsentWording>

export type ConsentVersion = (typeof CONSENT_WORDINGS)[number]['version']

/** The wording each form shows today. */
export const CURRENT_CONSENT = {
  contact: 'contact-v1',
  phoneContact: 'phone-contact-v1',
  savedSearch: 'saved-search-v1',
  tour: 'tour-v1',
  seller: 'seller-v1',
  marketReport: 'market-report-v2',
} as const satisfies Record<ConsentKind, ConsentVersion>

/** The seller form's optional "also send me the market report" box (issue 27 item 5). */
export const SELLER_MARKET_REPORT_CONSENT = 'market-report-seller-v1' satisfies ConsentVersion

/** The wording of a version of the given kind; undefined for an unknown version or another kind. */
export function consentWording(version: string, kind: ConsentKind): ConsentWording | undefined {
  return CONSENT_WORDINGS.find((wording) => wording.version === version && wording.kind === kind)
}

/** A wording's words in the language of `i18n`: what the form shows and what a lead stores. */
export function consentText(i18n: I18n, wording: ConsentWording, values: ConsentValues): string {
  return i18n._(wording.describe(values))
}

/**
 * A path on this site where a form was sent from: `/en/kim/homes/123`, never a URL of another
 * site (`//evil.example`, `https:`), a backslash (read as a slash by browsers) or a control
 * character. Only the path is kept; a query or fragment is dropped by the form.
 */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.length > 500) return false
  // Printable ASCII only (a browser's location.pathname is percent-encoded), and no backslash.
  return [...value].every((char) => char > ' ' && char <= '~' && char !== '\\')
}

/** When the privacy notice at `/agreement` took effect (UTC); a change of the notice moves it. */
export const PRIVACY_NOTICE_EFFECTIVE_DATE = '2026-11-23'

/**
 * The consent a visitor gave, as a lead's row stores it (saved searches, tour requests): the
 * wording's version and text as shown, its language, the page and the time.
 */
export function storedConsentOf(row: { consentVersion: string; consentText: string; consentLang: string; consentPage: string | null; consentedAt: string }): {
  version: string
  text: string
  lang: Lang
  page: string | null
  consentedAt: string
} {
  return {
    version: row.consentVersion,
    text: row.consentText,
    lang: row.consentLang === 'en' ? 'en' : 'ko',
    page: row.consentPage,
    consentedAt: row.consentedAt,
  }
}
