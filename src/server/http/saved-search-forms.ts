import { isSameSitePath } from '~/lib/consent'
import { confirmSavedSearch, deleteByToken, unsubscribeByToken, updateFrequency } from '~/server/saved-searches/subscriptions'
import type { AppServices } from '~/server/services'
import { formFailure, seeOther } from './visitor-forms'

/*
 * Saved-search forms posted without JavaScript (issue 13): the "Save this search" form, the
 * confirm button and the manage page. Each posts a plain form here and is sent back with a 303
 * to a page that says how it went, the way a browser without scripts expects. The pages post
 * their own path (`back`), so the answer stays on the host the visitor used (a realtor's own
 * domain too) without this code knowing how that host maps its paths.
 */

/** The page a visitor's form came from, with what happened: back to it with `done` or `failed`. */
export function backTo(form: Record<string, string>, params: Record<string, string>): Response {
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
    return backTo(form, { token, failed: formFailure(error) })
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
    return backTo(form, { token, failed: formFailure(error) })
  }
}
