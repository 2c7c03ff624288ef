import type { Lang } from '~/lib/lang'
import { filledFields, isTicked } from './visitor-forms'

/*
 * The contact form posted without JavaScript (issue 31: every form works without it): its
 * fields as the page's form names them, the two consents as checkboxes (`isTerm=on`,
 * `phoneContactConsent=on`), become the API's request (spec §7: `isTerm` as Y or N, the name
 * joined by the schema), and the answer is a 303 to the contact status page.
 */

/** The flat form as the API's JSON request, the consent given in the page's language. */
export function contactFormToRequest(form: Record<string, string>, lang: Lang): Record<string, unknown> {
  return {
    realtorId: form.realtorId,
    lastName: form.lastName,
    firstName: form.firstName,
    email: form.email,
    phone: form.phone,
    phoneCountryCode: form.phoneCountryCode,
    message: form.message,
    isTerm: isTicked(form.isTerm) ? 'Y' : 'N',
    consentLang: lang,
    phoneContactConsent: isTicked(form.phoneContactConsent),
    ...filledFields(form, ['listingKey', 'consentVersion', 'phoneContactConsentVersion', 'consentPage', 'website']),
  }
}
