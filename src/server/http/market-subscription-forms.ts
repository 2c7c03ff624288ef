import { confirmMarketSubscription, unsubscribeMarketSubscription } from '~/server/market-subscriptions/subscriptions'
import type { AppServices } from '~/server/services'
import { backTo } from './saved-search-forms'
import { formFailure } from './visitor-forms'

/*
 * The market report subscription's forms posted without JavaScript (issue 27 item 5), as the
 * saved-search ones (./saved-search-forms.ts): the market page's subscribe form lands on
 * `market-alerts/subscribed`; the confirm and unsubscribe pages' buttons come back to their own
 * page (`back`) with `done` or `failed`.
 */

/** The confirm page's button. */
export async function postMarketConfirmForm(services: AppServices, form: Record<string, string>): Promise<Response> {
  const token = form.token ?? ''
  try {
    await confirmMarketSubscription(services, { token })
    return backTo(form, { token, done: 'confirmed' })
  } catch (error) {
    return backTo(form, { token, failed: formFailure(error) })
  }
}

/** The unsubscribe page's button (a one-click unsubscribe from a mail provider has no `back`: it is answered in JSON). */
export async function postMarketUnsubscribeForm(services: AppServices, form: Record<string, string>, token: string): Promise<Response> {
  try {
    await unsubscribeMarketSubscription(services, { token })
    return backTo(form, { token, done: 'unsubscribed' })
  } catch (error) {
    return backTo(form, { token, failed: formFailure(error) })
  }
}
