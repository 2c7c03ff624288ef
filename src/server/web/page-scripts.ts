import { IN_PLACE_LINK_ATTRIBUTE } from '~/lib/page-scripts'

/** A script element and what it holds; the markup is React's, which writes `<` in text and attributes as an entity. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi
/** `<link rel="modulepreload" …>`: the app's chunks, fetched ahead for the scripts that start it. */
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi
/** Script elements that are data, not code: structured data for search engines, prefetch rules. */
const DATA_TYPE = /\btype="(?:application\/ld\+json|speculationrules)"/i

/**
 * The page as the server rendered it, without the app's code: Start's entry, the router's state
 * for hydration, the module preloads, the scroll restoration, the start-after-paint loader. What
 * remains is the markup, its styles and fonts and its JSON-LD; its forms post without scripts
 * and its links load the next page. About 180 KB of JavaScript (gzip) that such a page would
 * download and run to show what it already shows.
 */
export function withoutPageScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, (element, attributes: string) => (DATA_TYPE.test(attributes) ? element : '')).replace(MODULE_PRELOAD, '')
}

/*
 * What a page without scripts gives back of client navigation: Chromium fetches a same-site page
 * as the pointer rests on its link (`moderate`, about 200 ms of hover, or a press on a phone), so
 * the click opens a document that is already here. Rules are data, not code; the page's
 * Content-Security-Policy names them by hash like an inline script. Other browsers ignore them.
 */
const PREFETCH_RULES = JSON.stringify({
  prefetch: [
    {
      // An island's in-place link (the map view's pages and filters) never loads its document.
      where: { and: [{ href_matches: '/*' }, { not: { selector_matches: `[download], [rel~="nofollow"], [${IN_PLACE_LINK_ATTRIBUTE}]` } }] },
      eagerness: 'moderate',
    },
  ],
})

/** Adds the prefetch rules to a page sent without scripts. */
export function withPrefetchRules(html: string): string {
  return html.replace('</body>', () => `<script type="speculationrules">${PREFETCH_RULES}</script></body>`)
}
