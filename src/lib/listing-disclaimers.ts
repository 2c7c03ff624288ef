import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/*
 * The standard disclaimers of a listing source (issue 15 item 1). Apart from the listing
 * source's schema (zod) because every homepage shows them: zod stays out of a visitor's first
 * download (tests/e2e/homepage.spec.ts checks it).
 */

/** `{mls}` is the MLS name. The English text is authoritative; Korean pages show it beside their rendering. */
export const DEFAULT_DISCLAIMER_EN =
  "Listing information is provided by {mls} for consumers' personal, non-commercial use and may not be used for any purpose other than to identify prospective properties consumers may be interested in purchasing. Information is deemed reliable but not guaranteed."

/** The demo generator's listings are made up; the page must never let them pass for real ones. */
export const DEMO_DISCLAIMER_EN =
  'These listings are demonstration data made up for this site: they are not real homes for sale or rent, and their prices, photos and offices are invented.'

/**
 * The Korean renderings, from the catalog. Their English source is the text above, word for
 * word (a unit test holds them together), so the catalog translates exactly what is authoritative.
 */
export function defaultDisclaimerMessage(mls: string): MessageDescriptor {
  return msg`Listing information is provided by ${mls} for consumers' personal, non-commercial use and may not be used for any purpose other than to identify prospective properties consumers may be interested in purchasing. Information is deemed reliable but not guaranteed.`
}

export const demoDisclaimerMessage: MessageDescriptor = msg`These listings are demonstration data made up for this site: they are not real homes for sale or rent, and their prices, photos and offices are invented.`

/**
 * What a Korean listing page adds when it shows the remarks' machine translation (issue 54
 * item 3): said in both languages, like the disclaimer, since the MLS reads the English.
 */
export const MACHINE_TRANSLATION_NOTICE_EN =
  "The Korean description of this home is a machine translation of the MLS's English remarks, made without human review. The English original prevails."

export const machineTranslationNoticeMessage: MessageDescriptor = msg`The Korean description of this home is a machine translation of the MLS's English remarks, made without human review. The English original prevails.`
