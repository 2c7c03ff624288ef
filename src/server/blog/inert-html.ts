import { ANALYTICS_TAG_ATTRIBUTE } from '~/lib/analytics-tag'

/*
 * Defence in depth for a post's stored body (issue 28, decision 030). Bodies are sanitised on
 * every write (src/server/posts); this is what still holds should one ever not be. The page's
 * CSP allows the inline scripts it was rendered with by their hashes, read from the HTML
 * (src/server/http/content-security-policy.ts): a `<script>` inside a body inserted as HTML
 * would be hashed and allowed with them, and a `srcdoc` iframe inherits that policy. So no
 * `<script` is left for the browser or the hash reader to find (it becomes text), and the
 * attribute by which a page asks for its analytics tag's script host cannot be forged. Event
 * handlers, `javascript:` and `data:` URLs, frames and objects are refused by the CSP itself.
 */
const SCRIPT_TAG = /<(\/?script)/gi
const ANALYTICS_MARKER = new RegExp(ANALYTICS_TAG_ATTRIBUTE, 'gi')

export function inertStoredHtml(html: string): string {
  return html.replace(SCRIPT_TAG, '&lt;$1').replace(ANALYTICS_MARKER, 'data-removed')
}
