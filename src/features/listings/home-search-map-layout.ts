import type { HomeSearch } from '~/schemas/listing-search'
import { cleanSearch } from './clean-search'

/*
 * The map view's page (`?view=map`, issue 29) as the server lays it out and its map island
 * finds it (decision 051): the list is the server's HTML, swapped in place for each new search;
 * the map beside it is the island.
 */

/** The list's section, whose content each new search replaces. */
export const LISTINGS_ID = 'listings'
/** Its heading, where focus goes when what had it was replaced. */
export const LISTINGS_HEADING_ID = 'listings-heading'
/** The row above: the heading (sale or rent) and "Hide map", replaced with the list. */
export const SEARCH_TOP_ID = 'home-search-top'
/** The phones' choice between the list and the map: two radios, their effect a style. */
export const PANE_CHOICE = 'home-search-pane'
/** Set on the card of the home whose marker the visitor points at. */
export const HIGHLIGHTED_ATTRIBUTE = 'data-highlighted'

/** The parts that are the map's (the phones' list/map choice, the map, "Hide map"): left out without scripts. */
export const MAP_ONLY = 'data-map-only'
/** The list and the map side by side on a wide screen. */
export const MAP_LAYOUT = 'data-map-layout'
/** What a browser without scripts reads instead: no map, and the list in front at full width. */
export const WITHOUT_SCRIPTS = `[${MAP_ONLY}]{display:none!important}[${MAP_LAYOUT}]{display:block!important}#${LISTINGS_ID}{display:block!important}`

/** The address of this page for a search: its own path (the realtor's own domain's, there), the search's params. */
export function searchHref(path: string, search: HomeSearch): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(cleanSearch(search))) if (value !== undefined) params.set(key, String(value))
  const query = params.toString()
  return query ? `${path}?${query}` : path
}
