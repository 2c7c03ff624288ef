import { DESIRED_URL_MAX_LENGTH, DESIRED_URL_PATTERN } from '~/lib/desired-url-rule'
import { CMA_SEGMENT, isCmaTokenSegment } from '~/lib/cma-paths'
import { HOME_VALUE_SEGMENT } from '~/lib/home-value'
import { isMarketCitySegment, MARKET_SEGMENT } from '~/lib/market-paths'
import { isReservedPath } from '~/lib/reserved-paths'
import type { SearchSchema } from '~/lib/search-params'
import { blogSearchSchema, isPostSlugSegment } from './blog-search'
import { directorySearchSchema } from './directory-search'
import { homeSearchSchema, listingSearchSchema } from './listing-search'

/**
 * Public pages are stored once per normalised URL (decision 009): the query values their route
 * reads, parsed by its own search schema and written back in the schema's order (the order the
 * router writes them in its own links, so a link the site built is already normalised); anything
 * else (`utm_source`, `fbclid`) is left out. The server renders the page from that URL, so
 * whatever the browser builds from the query while it hydrates (the language switch, filter and pager links) must
 * be built from the same normalised query, or the markup would differ from the stored page.
 * Isomorphic: the page store and those links share it.
 */
export type PageSearchRule = { search: 'none' | SearchSchema<Record<string, string | number | boolean | undefined>>; vary?: ReadonlyArray<string> }

const NONE: PageSearchRule = { search: 'none' }
const LISTINGS: PageSearchRule = { search: listingSearchSchema }
/** The full home search also reads the map's area and whether the map is open (issue 29). */
const HOME_SEARCH: PageSearchRule = { search: homeSearchSchema }
const BLOG_LIST: PageSearchRule = { search: blogSearchSchema }

/** A blog's pages below its `blog` segment (issue 28): the list, its RSS feed, a post. */
function blogRule(below: ReadonlyArray<string>): PageSearchRule | undefined {
  if (below.length === 0) return BLOG_LIST
  const [slug = '', ...more] = below
  if (more.length > 0) return undefined
  return slug === 'rss.xml' || isPostSlugSegment(slug) ? NONE : undefined
}

/** A realtor's market reports below its `market` segment (issue 27): the list of cities, a city. */
function marketRule(below: ReadonlyArray<string>): PageSearchRule | undefined {
  if (below.length === 0) return NONE
  return below.length === 1 && isMarketCitySegment(below[0] ?? '') ? NONE : undefined
}

function isDesiredUrl(segment: string): boolean {
  return segment.length <= DESIRED_URL_MAX_LENGTH && DESIRED_URL_PATTERN.test(segment) && !isReservedPath(segment)
}

/** A listing key in a path: within bounds (RESO keys are short). */
function isListingKeySegment(segment: string): boolean {
  return segment.length > 0 && segment.length <= 128
}

/** The rule of a public page's path, or undefined when the path is not a public page. */
export function publicPageRule(pathname: string): PageSearchRule | undefined {
  if (pathname === '/sitemap.xml' || pathname === '/robots.txt') return NONE
  const rest = pathname === '/en' ? '/' : pathname.startsWith('/en/') ? pathname.slice(3) : pathname
  // `/` negotiates the language by cookie and Accept-Language (spec §4); `/en` does not.
  if (rest === '/') return pathname === '/' ? { ...LISTINGS, vary: ['Cookie', 'Accept-Language'] } : LISTINGS
  const segments = rest.slice(1).split('/')
  const [first = '', second, third, ...more] = segments
  // A realtor's blog on our host (`/{desiredUrl}/blog/...`) or on their own domain (`/blog/...`).
  if (first === 'blog') return blogRule(segments.slice(1))
  if (second === 'blog' && isDesiredUrl(first)) return blogRule(segments.slice(2))
  if (first === MARKET_SEGMENT) return marketRule(segments.slice(1))
  if (second === MARKET_SEGMENT && isDesiredUrl(first)) return marketRule(segments.slice(2))
  if (more.length > 0) return undefined
  // A CMA's share link (issue 53), on our host or on the realtor's own domain: stored like any
  // page of the site, and made again when the realtor's CMAs change (src/server/cma).
  if (first === CMA_SEGMENT && segments.length === 2) return isCmaTokenSegment(second ?? '') ? NONE : undefined
  if (second === CMA_SEGMENT && segments.length === 3 && isDesiredUrl(first)) return isCmaTokenSegment(third ?? '') ? NONE : undefined
  if (segments.length === 1) {
    if (first === 'realtors') return { search: directorySearchSchema }
    if (first === 'agreement') return NONE
    // The full home search on a realtor's own domain (`/homes`); on our host it is `/{desiredUrl}/homes`.
    if (first === 'homes') return HOME_SEARCH
    // The home-value page's empty form on an own domain (issue 27); its answer to a POST is never stored.
    if (first === HOME_VALUE_SEGMENT) return NONE
    return isDesiredUrl(first) ? LISTINGS : undefined
  }
  // A home on our host (`/{desiredUrl}/homes/{key}`) or on a realtor's own domain (`/homes/{key}`).
  // `homes/tour-request` is the tour form's status page (src/lib/tour-pages.ts): its query is its content, never stored.
  if (first === 'homes' && segments.length === 2) return second && second !== 'tour-request' && isListingKeySegment(second) ? NONE : undefined
  if (!isDesiredUrl(first)) return undefined
  if (segments.length === 2) return second === 'agreement' || second === HOME_VALUE_SEGMENT ? NONE : second === 'homes' ? HOME_SEARCH : undefined
  return second === 'homes' && third && third !== 'tour-request' && isListingKeySegment(third) ? NONE : undefined
}

function sortedQuery(pairs: Array<[string, string]>): string {
  pairs.sort(([a, aValue], [b, bValue]) => (a === b ? (aValue < bValue ? -1 : aValue > bValue ? 1 : 0) : a < b ? -1 : 1))
  return new URLSearchParams(pairs).toString()
}

/**
 * The query a rule keeps, without `?`: a schema's values in its declared order (its parse
 * returns every declared key in that order, whatever order the URL had); `all` keeps every
 * pair (the API's reads), sorted.
 */
export function normalisedQuery(search: URLSearchParams, rule: PageSearchRule['search'] | 'all'): string {
  if (rule === 'none' || search.size === 0) return ''
  if (rule === 'all') return sortedQuery([...search])
  const parsed = rule.parse(Object.fromEntries(search))
  const kept = Object.entries(parsed).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)] satisfies [string, string]]))
  return new URLSearchParams(kept).toString()
}

/**
 * A page's query as the page store renders it (`?type=rent`, or '' when nothing is kept); a
 * page the store does not answer keeps its query as it is.
 */
export function publicSearchString(pathname: string, searchStr: string): string {
  const rule = publicPageRule(pathname)
  if (!rule) return searchStr
  const query = normalisedQuery(new URLSearchParams(searchStr), rule.search)
  return query ? `?${query}` : ''
}
