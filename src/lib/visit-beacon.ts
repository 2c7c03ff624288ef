/*
 * The browser's half of the visitor statistics (issue 14, decision 016): once a realtor's
 * homepage or listing page is shown, one small POST says so. No cookie, no identifier, no
 * storage; the referrer is sent only with the first page of a visit (the server keeps its
 * class and host, never the URL). Tiny and dependency-free: it ships in a visitor's first
 * download.
 */

import { whenIdle } from './when-idle'

/** Not part of the versioned REST API: a private contract between these pages and the server. */
export const VISIT_BEACON_PATH = '/cozying-api/visit'

export type VisitBeacon = { realtorId: string; page: 'home' | 'listing'; listingKey?: string; lang: 'ko' | 'en' }

let firstPage = true
let lastSent: { key: string; at: number } | undefined

function send(visit: VisitBeacon): void {
  const key = `${visit.realtorId} ${visit.page} ${visit.listingKey ?? ''} ${visit.lang}`
  const at = Date.now()
  // React's development double effects, and a re-render of the same page: one view.
  if (lastSent && lastSent.key === key && at - lastSent.at < 2000) return
  lastSent = { key, at }
  const referrer = firstPage ? document.referrer : ''
  firstPage = false
  const body = JSON.stringify({ ...visit, referrer: referrer || undefined })
  // text/plain keeps it a "simple" request; sendBeacon survives the page being left.
  const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' })
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(VISIT_BEACON_PATH, blob)) return
  void fetch(VISIT_BEACON_PATH, { method: 'POST', body: blob, keepalive: true, credentials: 'same-origin' }).catch(() => undefined)
}

/**
 * Counts a view of this page, once it is really shown: a page being prerendered for a visit
 * that may never happen waits until it is activated. Sent when the browser has a moment: the
 * beacon is called from the page's first effects, and serialising and queueing it there
 * lengthened hydration's long task (total blocking time on a phone). Two seconds at most
 * (`whenIdle`'s default), so a visitor who leaves at once is still counted.
 */
export function sendVisitBeacon(visit: VisitBeacon): void {
  if (typeof document === 'undefined') return
  if ('prerendering' in document && document.prerendering === true) {
    document.addEventListener('prerenderingchange', () => whenIdle(() => send(visit)), { once: true })
    return
  }
  whenIdle(() => send(visit))
}

/** The `<meta>` an islands page (decision 051) names its view in, for the islands runtime to count. */
export const VISIT_META = 'realtor-visit'

/** A view named by that meta's JSON, or undefined when it names none. Checked by hand: this runs before any library loads. */
export function visitFromJson(json: string): VisitBeacon | undefined {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const field = (name: string): unknown => Object.entries(value).find(([key]) => key === name)?.[1]
  const realtorId = field('realtorId')
  const page = field('page')
  const listingKey = field('listingKey')
  const lang = field('lang')
  if (typeof realtorId !== 'string' || (page !== 'home' && page !== 'listing') || (lang !== 'ko' && lang !== 'en')) return undefined
  return { realtorId, page, lang, ...(typeof listingKey === 'string' ? { listingKey } : {}) }
}
