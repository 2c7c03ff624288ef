/*
 * A realtor's analytics tag (issue 14 part 4, decision 015): what the browser loads once a
 * visitor agrees, what the page's Content-Security-Policy allows for it, and the choice a
 * visitor made. Isomorphic and free of zod: a homepage's scripts and the server's policy both
 * read it.
 */

/** The attribute a page with a tag carries (on the footer's choice button); the policy reads it back. */
export const ANALYTICS_TAG_ATTRIBUTE = 'data-analytics-tag'

/** Spec §5's rule, repeated here so a homepage need not import the zod schema that states it. */
export const ANALYTICS_TAG_PATTERN = /^(?:GTM|G)-[A-Z0-9]{1,30}$/

/** Where both of Google's loaders (gtm.js, gtag.js) come from. */
export const TAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com'

/** Where Google Analytics 4 sends its hits (Google's CSP guide for GA4). */
export const TAG_CONNECT_ORIGINS = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'] as const

export type AnalyticsTagKind = 'gtm' | 'gtag'

/** A Tag Manager container (`GTM-…`) or a Google Analytics 4 stream (`G-…`). */
export function tagKind(tagId: string): AnalyticsTagKind {
  return tagId.startsWith('GTM-') ? 'gtm' : 'gtag'
}

/** The vendor's script for a tag id (already checked against the pattern). */
export function tagScriptUrl(tagId: string): string {
  const id = encodeURIComponent(tagId)
  return tagKind(tagId) === 'gtm' ? `${TAG_SCRIPT_ORIGIN}/gtm.js?id=${id}` : `${TAG_SCRIPT_ORIGIN}/gtag/js?id=${id}`
}

/** What a visitor chose on this site; `accepted-despite-gpc` was chosen while the browser sent Global Privacy Control. */
export type StoredChoice = 'accepted' | 'accepted-despite-gpc' | 'declined'
export type EffectiveChoice = 'accepted' | 'declined' | 'ask'

/**
 * One key per realtor and tag: a realtor who changes the tag asks again, because the visitor
 * agreed to the tag they were told about. Realtors on our host share one origin, hence the id.
 */
export function consentStorageKey(realtorId: string, tagId: string): string {
  return `analytics-consent:${realtorId}:${tagId}`
}

export function parseStoredChoice(value: string | null | undefined): StoredChoice | undefined {
  return value === 'accepted' || value === 'accepted-despite-gpc' || value === 'declined' ? value : undefined
}

/**
 * What to do for a visitor. Global Privacy Control is an opt-out under the CCPA: it wins over
 * an earlier "accept" given without it, and with no choice stored it is a decline (nothing
 * loads and nobody is asked). Only an "accept" the visitor gave while sending it counts, the
 * consent CCPA regulations allow a site to ask for after saying that the signal was honoured.
 */
export function effectiveChoice(stored: StoredChoice | undefined, globalPrivacyControl: boolean): EffectiveChoice {
  if (stored === 'declined') return 'declined'
  if (stored === 'accepted-despite-gpc') return 'accepted'
  if (globalPrivacyControl) return 'declined'
  return stored === 'accepted' ? 'accepted' : 'ask'
}

/** The choice to store when a visitor presses Accept. */
export function acceptedChoice(globalPrivacyControl: boolean): StoredChoice {
  return globalPrivacyControl ? 'accepted-despite-gpc' : 'accepted'
}

/** First-party cookies Google's tags set; removed when a visitor withdraws consent. */
export function isGoogleTagCookie(name: string): boolean {
  return /^(?:_ga|_gid|_gat|_gcl_[a-z]+|_ga_[A-Z0-9]+|_gat_[\w-]+)$/.test(name)
}
