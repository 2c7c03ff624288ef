import { isSameSitePath } from '~/lib/consent'
import { isLang, type Lang } from '~/lib/lang'
import { isAppError } from '~/server/app-error'
import { confirmSavedSearch, createSavedSearch, deleteByToken, unsubscribeByToken, updateFrequency } from '~/server/saved-searches/subscriptions'
import type { AppServices } from '~/server/services'
import { requestOrigin } from '~/server/site/site-context'

/*
 * Saved-search forms posted without JavaScript (issue 13): the "Save this search" form, the
 * confirm button and the manage page. Each posts a plain form here and is sent back with a 303
 * to a page that says how it went, the way a browser without scripts expects. The pages post
 * their own path (`back`), so the answer stays on the host the visitor used (a realtor's own
 * domain too) without this code knowing how that host maps its paths.
 */

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}

function langOf(form: Record<string, string>, fallback: Lang): Lang {
  return isLang(form.lang) ? form.lang : fallback
}

/** The failure, in a word the status page turns into a sentence: the fields at fault, or why. */
function failureOf(error: unknown): string {
  if (!isAppError(error)) throw error
  if (error.code === 'RATE_LIMITED') return 'rate'
  if (error.fieldErrors) return Object.keys(error.fieldErrors).slice(0, 10).join(',')
  return 'request'
}

/**
 * The "Save this search" form without scripts. Success (and a bot's honeypot) go to the
 * realtor's `alerts/saved` page; a refusal goes there too, naming the fields to fix and the
 * page to go back to, never the visitor's address.
 */
export async function postSaveSearchForm(
  services: AppServices,
  request: Request,
  form: Record<string, string>,
  sender: { clientIp: string; lang: Lang },
): Promise<Response> {
  const lang = langOf(form, sender.lang)
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
  const page = realtor && realtor.hompageHost !== host ? `${prefix}/${realtor.desiredUrl}/alerts/saved` : `${prefix}/alerts/saved`
  const query = new URLSearchParams()
  try {
    await createSavedSearch(services, { ...form, lang }, { clientIp: sender.clientIp, lang, origin })
    query.set('status', 'sent')
  } catch (error) {
    query.set('failed', failureOf(error))
  }
  if (back) query.set('back', back)
  return seeOther(`${page}?${query.toString()}`)
}

/** The page a visitor's form came from, with what happened: back to it with `done` or `failed`. */
function backTo(form: Record<string, string>, params: Record<string, string>): Response {
  const path = form.back && isSameSitePath(form.back) ? form.back : '/'
  return seeOther(`${path}?${new URLSearchParams(params).toString()}`)
}

/** The confirm page's button: confirmed (or why not), then the same page, which now says so. */
export async function postConfirmForm(services: AppServices, form: Record<string, string>): Promise<Response> {
  const token = form.token ?? ''
  try {
    await confirmSavedSearch(services, { token })
    return backTo(form, { token, done: 'confirmed' })
  } catch (error) {
    return backTo(form, { token, failed: failureOf(error) })
  }
}

/** The manage page's buttons: how often, unsubscribe, delete. */
export async function postManageForm(services: AppServices, form: Record<string, string>): Promise<Response> {
  const token = form.token ?? ''
  try {
    if (form.action === 'frequency') {
      await updateFrequency(services, { token, frequency: form.frequency })
      return backTo(form, { token, done: 'frequency' })
    }
    if (form.action === 'unsubscribe') {
      await unsubscribeByToken(services, { token })
      return backTo(form, { token, done: 'unsubscribed' })
    }
    if (form.action === 'delete') {
      await deleteByToken(services, { token })
      // The search is gone, and its links with it: the page only says so.
      return backTo(form, { done: 'deleted' })
    }
    return backTo(form, { token, failed: 'request' })
  } catch (error) {
    return backTo(form, { token, failed: failureOf(error) })
  }
}
