import sanitizeHtml from 'sanitize-html'

/*
 * A post's body as it may be stored (issue 28 item 2): an allow-list of the elements and
 * attributes the editor makes (headings, paragraphs, emphasis, lists, quotes, links, images,
 * rules, code), on every path a body comes in by (the workspace, the REST API), never trusting
 * what the browser sent. Everything else goes: scripts, styles, event handlers, frames, forms,
 * SVG, classes and the `style` soup a paste from Word or Google Docs brings (their text stays).
 *
 * Links: http(s), mailto and tel only (no `javascript:` or `data:`). A link to another site
 * gets `rel="nofollow noopener"` unless the realtor marked it trusted (`data-trusted`, which the
 * editor's link dialog sets), then `rel="noopener"`: search engines should not read the
 * realtor's site as vouching for every page it links to. Links within the site get no `rel`.
 * A stored link whose `rel` has no `nofollow` was trusted when it was written, so a body read
 * through here again (a page, the feed: decision 053) keeps its links as they were.
 *
 * Images (decision 053): an image is kept only when `imageSource` gives it an address (the
 * caller's rule: at a write, one of the realtor's uploads, stored as a site-relative path, or an
 * absolute `https:` URL; when shown, the address it is read at). A kept image always carries
 * `alt`: the realtor's description, or `alt=""` with `data-decorative` when they marked it as
 * decoration. One with neither is given `alt=""` and counted, so that a write can refuse it.
 */

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'hr',
  'code',
  'pre',
  'figure',
  'figcaption',
]

/** http(s), mailto, tel, a site path or a fragment; what the scheme allow-list below also holds to. */
const LINK_ADDRESS = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)/i

/** A link that stays on the realtor's site: a path, or an absolute URL of one of the site's own origins. */
function isOwnLink(href: string, ownOrigins: ReadonlyArray<string>): boolean {
  if (href.startsWith('/') && !href.startsWith('//')) return true
  if (href.startsWith('#')) return true
  try {
    return ownOrigins.includes(new URL(href).origin)
  } catch {
    return false
  }
}

export type PostHtmlOptions = {
  /** Origins that are the realtor's own site (our host, their own domain): no `rel` on links there. */
  ownOrigins: ReadonlyArray<string>
  /** The address an image is written with, or undefined to drop the image (see post-images.ts). */
  imageSource: (src: string) => string | undefined
  /**
   * Set for HTML read outside the site (the feed): a site-relative link is written under this
   * origin, since a feed reader has no page address to resolve it against.
   */
  absoluteOrigin?: string
}

/** The mark of an image the realtor declared decorative: `alt=""` is then meant, not missing. */
export const DECORATIVE_ATTRIBUTE = 'data-decorative'

function isTrusted(attribs: Record<string, string>): boolean {
  if (attribs['data-trusted'] !== undefined) return true
  const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/)
  return rel.includes('noopener') && !rel.includes('nofollow')
}

export type SanitizedPostHtml = {
  html: string
  /** Images kept with no description and no decorative mark (given `alt=""` all the same). */
  undescribedImages: number
}

/** The stored form of a post body: allow-listed HTML, trimmed; '' when nothing is left. */
export function sanitizePostHtml(html: string, options: PostHtmlOptions): string {
  return sanitizePostBody(html, options).html
}

/** sanitizePostHtml, and what a write must still refuse (images nobody described). */
export function sanitizePostBody(html: string, options: PostHtmlOptions): SanitizedPostHtml {
  let undescribedImages = 0
  const clean = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      // `rel` is written by the transform below, never copied from the input.
      a: ['href', 'rel'],
      img: ['src', 'alt', 'width', 'height', DECORATIVE_ATTRIBUTE],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // imageSource chose each image's address (other sites' images https: only); http: stays
    // for our own store's address on a server without TLS (development).
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    // Markup inside elements that go (a Word paste's <span style>, <font>) keeps its text;
    // these go with everything inside them.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title', 'head'],
    transformTags: {
      b: 'strong',
      i: 'em',
      h1: 'h2',
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim()
        // A link without an address we allow is its text alone (a span is not allowed, so only
        // its text stays), rather than an `<a>` left with a `rel` and no `href`.
        if (!LINK_ADDRESS.test(href)) return { tagName: 'span', attribs: {} }
        const own = isOwnLink(href, options.ownOrigins)
        const absolute = options.absoluteOrigin !== undefined && href.startsWith('/') && !href.startsWith('//')
        const attributes: Record<string, string> = { href: absolute ? `${options.absoluteOrigin}${href}` : href }
        if (!own) attributes.rel = isTrusted(attribs) ? 'noopener' : 'nofollow noopener'
        return { tagName, attribs: attributes }
      },
      img: (tagName, attribs) => {
        const src = attribs.src === undefined ? undefined : options.imageSource(attribs.src.trim())
        // No src: the filter below removes the element.
        if (src === undefined) return { tagName, attribs: {} }
        const alt = (attribs.alt ?? '').trim()
        const decorative = alt === '' && attribs[DECORATIVE_ATTRIBUTE] !== undefined
        if (alt === '' && !decorative) undescribedImages += 1
        const attributes: Record<string, string> = { src, alt }
        if (decorative) attributes[DECORATIVE_ATTRIBUTE] = 'true'
        for (const size of ['width', 'height'] as const) {
          const value = attribs[size]
          if (value !== undefined && /^[0-9]{1,5}$/.test(value)) attributes[size] = value
        }
        return { tagName, attribs: attributes }
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  })
  return { html: clean.trim(), undescribedImages }
}
