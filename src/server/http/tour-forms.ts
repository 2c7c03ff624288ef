import { isSameSitePath } from '~/lib/consent'
import { isLang, type Lang } from '~/lib/lang'
import { TOUR_STATUS_PAGE } from '~/lib/tour-pages'
import { isAppError } from '~/server/app-error'
import type { AppServices } from '~/server/services'
import { requestOrigin } from '~/server/site/site-context'
import { createTourRequest } from '~/server/tours/tour-requests'

/*
 * The listing page's "Request a tour" form posted without JavaScript (issue 26 item 4): its
 * flat fields (`slot1Date`, `slot1Time`, …, a checkbox `consent=on`) become the API's request,
 * and the answer is a 303 to the tour status page, which says how it went and links back to the
 * listing (`back`, the page's own path, so a realtor's own domain stays their own).
 */

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}

/** Why it failed, as a word or the fields at fault; never the visitor's input. */
function failureOf(error: unknown): string {
  if (!isAppError(error)) throw error
  if (error.code === 'RATE_LIMITED') return 'rate'
  if (error.code === 'NOT_FOUND') return 'gone'
  if (error.fieldErrors) return [...new Set(Object.keys(error.fieldErrors).map((key) => key.replace(/\.\d+$/, '')))].slice(0, 10).join(',')
  return 'request'
}

/** The flat form as the API's JSON request: the times that were filled in, the consent as a boolean. */
export function tourFormToRequest(form: Record<string, string>, lang: Lang): Record<string, unknown> {
  const slots = [1, 2, 3]
    .map((index) => ({ date: form[`slot${index}Date`] ?? '', time: form[`slot${index}Time`] ?? '' }))
    .filter((slot) => slot.date !== '' || slot.time !== '')
  const optional = (name: string) => (form[name] !== undefined && form[name] !== '' ? { [name]: form[name] } : {})
  return {
    realtorId: form.realtorId,
    listingKey: form.listingKey,
    mode: form.mode,
    slots,
    ...optional('timeZone'),
    name: form.name,
    email: form.email,
    ...optional('phone'),
    ...optional('message'),
    lang,
    consent: form.consent === 'on' || form.consent === 'true',
    ...optional('consentVersion'),
    ...optional('consentPage'),
    ...optional('website'),
  }
}

export async function postTourForm(
  services: AppServices,
  request: Request,
  form: Record<string, string>,
  sender: { clientIp: string; lang: Lang },
): Promise<Response> {
  const lang = isLang(form.lang) ? form.lang : sender.lang
  const url = new URL(request.url)
  const origin = requestOrigin(request, url)
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['desiredUrl', 'hompageHost'])
    .where('id', '=', form.realtorId ?? '')
    .executeTakeFirst()
  const back = form.consentPage && isSameSitePath(form.consentPage) ? form.consentPage : undefined
  // On the realtor's own domain their pages have no `/{desiredUrl}` (src/lib/own-domain-paths.ts).
  const host = new URL(origin).host.toLowerCase()
  const prefix = lang === 'en' ? '/en' : ''
  const page = realtor && realtor.hompageHost !== host ? `${prefix}/${realtor.desiredUrl}/${TOUR_STATUS_PAGE}` : `${prefix}/${TOUR_STATUS_PAGE}`
  const query = new URLSearchParams()
  try {
    await createTourRequest(services, tourFormToRequest(form, lang), { clientIp: sender.clientIp, lang, origin })
    query.set('status', 'sent')
  } catch (error) {
    query.set('failed', failureOf(error))
  }
  if (back) query.set('back', back)
  return seeOther(`${page}?${query.toString()}`)
}
