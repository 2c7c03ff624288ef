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
 * Images: http(s) or a path on our own host (uploads), with their alt text.
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
}

/** The stored form of a post body: allow-listed HTML, trimmed; '' when nothing is left. */
export function sanitizePostHtml(html: string, options: PostHtmlOptions): string {
  const clean = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      // `rel` is written by the transform below from `data-trusted`, never taken from the input.
      a: ['href', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
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
        const href = attribs.href ?? ''
        // A link without an address is its text alone (a span is not allowed, so only its text stays).
        if (!href) return { tagName: 'span', attribs: {} }
        const trusted = attribs['data-trusted'] !== undefined
        const attributes: Record<string, string> = { href }
        if (!isOwnLink(href, options.ownOrigins)) attributes.rel = trusted ? 'noopener' : 'nofollow noopener'
        return { tagName, attribs: attributes }
      },
    },
  })
  return clean.trim()
}
