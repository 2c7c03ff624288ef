/**
 * A page a visitor reads and posts from, with nothing on it that needs code: the small status
 * pages a mail's link or a form posted without scripts lands on (issue 31, decision 051). Its
 * route sets this header (`headers: noPageScripts`); the server takes it off again and sends the
 * page without the app's scripts (`withoutPageScripts` in src/server/web/page-scripts.ts).
 */
export const PAGE_SCRIPTS_HEADER = 'x-realtor-page-scripts'

export function noPageScripts(): Record<string, string> {
  return { [PAGE_SCRIPTS_HEADER]: 'none' }
}

/**
 * A realtor's page whose interactive parts are islands (decision 051): sent with the islands
 * runtime instead of the app's scripts (src/server/islands/islands-delivery.ts). Its component
 * renders inside `<IslandsPage>`, so the server renders the islands the runtime hydrates.
 */
export function islandsPage(): Record<string, string> {
  return { [PAGE_SCRIPTS_HEADER]: 'islands' }
}

/**
 * A realtor's page whose only interactive part would be the analytics choice in its footer
 * (decision 015): without a tag it needs no code at all (a blog, a post, a status page); with
 * one it is an islands page for that island (`<IslandsPage>` around its component).
 */
export function noPageScriptsUnlessTagged(realtor: { tagManagerId?: string | null }): Record<string, string> {
  return realtor.tagManagerId ? islandsPage() : noPageScripts()
}

/**
 * A control that works only with scripts, on an islands page: rendered visible, so nothing moves
 * when the scripts run, beside `<noscript>` holding `SCRIPTS_ONLY_HIDDEN_WITHOUT_SCRIPTS`, so a
 * visitor without JavaScript is never offered what cannot work for them (the home search's "Map").
 */
export const SCRIPTS_ONLY_ATTRIBUTE = 'data-scripts-only'

/** The style only a browser without scripts reads (inside `<noscript>`). */
export const SCRIPTS_ONLY_HIDDEN_WITHOUT_SCRIPTS = `<style>[${SCRIPTS_ONLY_ATTRIBUTE}]{display:none!important}</style>`

/**
 * A link an island answers in place (the map view's pages and filters): the page's prefetch rules
 * leave it out, as fetching its document ahead would be a page nobody opens.
 */
export const IN_PLACE_LINK_ATTRIBUTE = 'data-in-place'

/**
 * A not-found page about a listing we had and an import retired (issue 51 item 2): its route
 * sets this header, and the server answers 410 Gone instead of the router's 404 (and takes the
 * header off), so search engines drop the address for good.
 */
export const GONE_PAGE_HEADER = 'x-realtor-page-gone'
