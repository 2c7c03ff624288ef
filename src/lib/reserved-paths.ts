/**
 * Every top-level path segment the app serves itself. A realtor's desiredUrl can never be
 * one of these, and the `$desiredUrl` route refuses them, so `/en`, `/login` or `/api/...`
 * always reach their own pages. One list, used by both the router and the validation.
 */
export const RESERVED_PATHS = [
  // languages
  'en',
  'ko',
  // pages
  'login',
  'logout',
  'process',
  'admin',
  'agreement',
  'realtors',
  'homes',
  // a realtor's saved-search pages on an own domain (`/alerts?token=`), never stored (issue 13)
  'alerts',
  // a realtor's posts on an own domain (`/blog`, `/blog/{slug}`, issue 28)
  'blog',
  // a realtor's home-value page on an own domain (`/home-value`, issue 27)
  'home-value',
  // where its seller form lands without JavaScript (`/valuation-request?status=sent`, issue 27)
  'valuation-request',
  // where the contact form lands without JavaScript (`/contact-message?status=sent`, issue 31)
  'contact-message',
  // a realtor's market reports on an own domain (`/market/{city}`, issue 27)
  'market',
  // the monthly market e-mail's confirm and unsubscribe pages on an own domain, never stored (issue 27 item 5)
  'market-alerts',
  'signup',
  'account',
  'settings',
  // machine paths
  'cozying-api',
  'api',
  'builds',
  'uploads',
  // feed photos' width variants (issue 51 item 6, decision 064)
  'listing-photos',
  // the map's style and tiles kept on the app's own disk (issue 29, decision 048)
  'map-data',
  'assets',
  'fonts',
  'static',
  'public',
  '_build',
  '_serverFn',
  '_server',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'manifest.json',
  '.well-known',
  // the operator's health, readiness and metrics endpoints (issue 30, decision 041)
  'healthz',
  'readyz',
  'metrics',
  // the original product's demo pages, never a realtor
  'gsap_sample',
  'pinia_sample',
] as const

const reservedLowercase = new Set<string>(RESERVED_PATHS.map((word) => word.toLowerCase()))

/** desiredUrl is case-insensitive (DESIGN §4), so `Admin` is as reserved as `admin`. */
export function isReservedPath(segment: string): boolean {
  return reservedLowercase.has(segment.toLowerCase())
}
