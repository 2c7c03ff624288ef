import { MARKET_ALERT_PAGES, MARKET_SUBSCRIPTION_ACTIONS } from '~/lib/market-subscription-pages'
import { marketCitySlug, MARKET_SEGMENT } from '~/lib/market-paths'
import { realtorPageUrl, siteApiUrl, type SiteBase } from '~/server/mail/site-links'

/*
 * The addresses in market report mails (issue 27 item 5), on the same site as the saved-search
 * links (the realtor's own domain, else PUBLIC_URL, else the origin the visitor subscribed on).
 * The tokens are saved searches' (src/server/saved-searches/links.ts), signed with the
 * subscription's own secret.
 */

export function marketConfirmPageUrl(base: SiteBase, lang: 'ko' | 'en', token: string): string {
  return realtorPageUrl(base, lang, `${MARKET_ALERT_PAGES.confirm}?token=${encodeURIComponent(token)}`)
}

export function marketUnsubscribePageUrl(base: SiteBase, lang: 'ko' | 'en', token: string): string {
  return realtorPageUrl(base, lang, `${MARKET_ALERT_PAGES.unsubscribe}?token=${encodeURIComponent(token)}`)
}

/** RFC 8058 one-click: posted by the mail provider with `List-Unsubscribe=One-Click`. */
export function marketOneClickUnsubscribeUrl(base: SiteBase, token: string): string {
  return siteApiUrl(base, `${MARKET_SUBSCRIPTION_ACTIONS.unsubscribe}?token=${encodeURIComponent(token)}`)
}

/** The city's report page on the realtor's site. */
export function marketReportPageUrl(base: SiteBase, lang: 'ko' | 'en', city: { city: string; state: string }): string {
  return realtorPageUrl(base, lang, `${MARKET_SEGMENT}/${marketCitySlug(city.city, city.state)}`)
}
