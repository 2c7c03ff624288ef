import { createHash } from 'node:crypto'
import { ANALYTICS_TAG_ATTRIBUTE, ANALYTICS_TAG_PATTERN, TAG_CONNECT_ORIGINS, TAG_SCRIPT_ORIGIN } from '~/lib/analytics-tag'

/**
 * The Content-Security-Policy of an HTML page (issue 17): scripts only from our own origin and
 * the inline scripts the page was rendered with, named by their hashes. Hashes rather than a
 * nonce, because a public page is rendered once and served to many (decision 009): a nonce
 * would be the same for every visitor, which is no nonce at all. A script anyone manages to
 * put into the page afterwards (an injected tag, a realtor's text that escaped) matches no hash
 * and does not run.
 */

/** The privacy-enhanced YouTube host; its player is framed only after the visitor presses play. */
export const VIDEO_FRAME_ORIGIN = 'https://www.youtube-nocookie.com'

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
/**
 * `type` values a browser runs, and speculation rules, which `script-src` governs too (a page
 * without scripts prefetches its links with them); anything else (JSON-LD, JSON data) is data.
 */
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'module', 'application/javascript', 'speculationrules'])

/** The `'sha256-…'` sources of the page's inline scripts, in order, without repeats. */
export function inlineScriptHashes(html: string): Array<string> {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1]?.toLowerCase() ?? ''
    if (!SCRIPT_TYPES.has(type)) continue
    // The browser hashes the element's text after the parser has turned CR LF into LF.
    hashes.add(`'sha256-${createHash('sha256').update(body.replace(/\r\n?/g, '\n')).digest('base64')}'`)
  }
  return [...hashes]
}

/*
 * A realtor's analytics tag (decision 015): its script is added by the page's own code, and
 * only after the visitor agrees, so no hash can name it and a nonce cannot exist on a page
 * served to many. Its host is allowed instead, on the pages that carry a tag and no others.
 * The page says so with an attribute on an element React rendered: a realtor's text cannot
 * forge one, since React writes `<` and `"` in text and attributes as entities.
 */
const TAG_MARKER = new RegExp(`<[a-z][a-z0-9-]*\\s[^>]*\\b${ANALYTICS_TAG_ATTRIBUTE}="([^"]*)"`, 'i')

/** The analytics tag id a rendered page carries, if any. */
export function analyticsTagOf(html: string): string | undefined {
  const id = TAG_MARKER.exec(html)?.[1]
  return id !== undefined && ANALYTICS_TAG_PATTERN.test(id) ? id : undefined
}

export type PagePolicyOptions = {
  /** Served over TLS (directly or behind a proxy that says so): plain-HTTP subresources are upgraded. */
  secure: boolean
  /** Besides our own: the photo store's (`StorageDriver.browserOrigins`). */
  extraOrigins: ReadonlyArray<string>
  /**
   * The configured map's hosts (`mapPolicyOrigins`), on every page: the router moves between a
   * realtor's pages without loading a new document, so the page a visitor arrived on is the one
   * whose policy the map on the search page must pass.
   */
  mapOrigins?: ReadonlyArray<string>
}

export function pagePolicy(html: string, { secure, extraOrigins, mapOrigins = [] }: PagePolicyOptions): string {
  const tagged = analyticsTagOf(html) !== undefined
  // The map fetches its style, tiles, glyphs and sprites (images included) with fetch().
  const others = [...extraOrigins, ...mapOrigins].join(' ')
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScriptHashes(html), ...(tagged ? [TAG_SCRIPT_ORIGIN] : [])].join(' '),
    // React writes a realtor's theme colours as style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Listing photos come from the MLS feeds' own hosts, video posters from YouTube's.
    `img-src 'self' data: blob: https: ${others}`.trim(),
    "font-src 'self'",
    // Images need nothing more: img-src already allows any https origin.
    ['connect-src', "'self'", ...extraOrigins, ...mapOrigins, ...(tagged ? TAG_CONNECT_ORIGINS : [])].join(' '),
    `frame-src ${VIDEO_FRAME_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ]
  return directives.join('; ')
}

/** Browser features no page of ours uses, refused to the page and anything it frames. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'

/**
 * A visitor's mail shown to its realtor (decision 068): the mail's own HTML, never a page of
 * ours. `sandbox` without tokens gives it an opaque origin and no scripts, forms or popups;
 * only its inline styles and images load; only our own pages may frame it.
 */
export const SANDBOXED_MAIL_POLICY =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; font-src https: data:; frame-ancestors 'self'"
