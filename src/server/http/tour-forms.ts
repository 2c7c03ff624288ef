import type { Lang } from '~/lib/lang'
import { filledFields, isTicked } from './visitor-forms'

/*
 * The listing page's "Request a tour" form posted without JavaScript (issue 26 item 4): its
 * flat fields (`slot1Date`, `slot1Time`, …, a checkbox `consent=on`) become the API's request,
 * and the answer is a 303 to the tour status page, which says how it went and links back to the
 * listing (`back`, the page's own path, so a realtor's own domain stays their own).
 */

/** The flat form as the API's JSON request: the times that were filled in, the consent as a boolean. */
export function tourFormToRequest(form: Record<string, string>, lang: Lang): Record<string, unknown> {
  const slots = [1, 2, 3]
    .map((index) => ({ date: form[`slot${index}Date`] ?? '', time: form[`slot${index}Time`] ?? '' }))
    .filter((slot) => slot.date !== '' || slot.time !== '')
  return {
    realtorId: form.realtorId,
    listingKey: form.listingKey,
    mode: form.mode,
    slots,
    name: form.name,
    email: form.email,
    lang,
    consent: isTicked(form.consent),
    ...filledFields(form, ['timeZone', 'phone', 'message', 'consentVersion', 'consentPage', 'website']),
  }
}
