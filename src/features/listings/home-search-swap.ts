import { ISLAND_ATTRIBUTES } from '~/features/islands/island-names'
import { LISTINGS_HEADING_ID, LISTINGS_ID, SEARCH_TOP_ID } from './home-search-map-layout'

/*
 * How the map view's island shows another search's list (decision 051): the server renders that
 * search's page (from the page store, as for any visitor), and its list and the row above it
 * take the place of these. Their islands (the filters, "Save this search") start on the visitor's
 * first touch or focus, as on any page: the runtime listens on the whole document. One rendering
 * of the list, the server's, and no React for it in the browser.
 */

/** The parts of the page that follow the search, each replaced by its twin from the new page. */
const FOLLOWING_THE_SEARCH = [SEARCH_TOP_ID, LISTINGS_ID]

/** The props the new page gives an island of this name, as JSON, or undefined when it has none. */
export type SwappedPage = { islandProps: (name: string) => unknown }

function jsonOf(text: string | null | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Fetches the page at `url` and puts its list in this one's place. Rejects (and changes nothing)
 * when the page cannot come or is not a home search: the caller then loads it as a document.
 */
export async function swapInSearch(url: string, signal: AbortSignal): Promise<SwappedPage> {
  const response = await fetch(url, { signal, headers: { accept: 'text/html' } })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html')
  const pairs = FOLLOWING_THE_SEARCH.map((id) => ({ here: document.getElementById(id), there: fresh.getElementById(id) }))
  if (pairs.some(({ here, there }) => !here || !there)) throw new Error(`${url} is not a home search with a map`)
  signal.throwIfAborted()

  const focused = document.activeElement
  const hadFocus = pairs.some(({ here }) => here?.contains(focused))
  for (const { here, there } of pairs) {
    if (!here || !there) continue
    here.replaceChildren(...[...there.childNodes].map((node) => document.importNode(node, true)))
  }
  // What had focus (a page's link, the filters' button) is gone: the list's heading takes it, so
  // the keyboard goes on from the new list and a screen reader says where it is.
  if (hadFocus && !focused?.isConnected) document.getElementById(LISTINGS_HEADING_ID)?.focus({ preventScroll: true })

  return {
    islandProps: (name) => jsonOf(fresh.querySelector(`[${ISLAND_ATTRIBUTES.name}="${CSS.escape(name)}"]`)?.getAttribute(ISLAND_ATTRIBUTES.props)),
  }
}
