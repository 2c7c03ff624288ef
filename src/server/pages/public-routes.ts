import { snappedBboxText } from '~/lib/bbox'
import { normalisedQuery, publicPageRule, type PageSearchRule } from '~/schemas/public-search'

/**
 * Which requests the page store answers (decision 009), and what they are keyed by. A
 * public response depends on its origin, its path and the query values its route reads:
 * those values are parsed by the route's own search schema and written back in its order
 * (the API's reads: every pair, sorted), so `?page=1&type=sale` and
 * `?type=sale&page=1&utm_source=kakao` are one entry, and the page
 * is rendered from that normalised URL, so it cannot depend on anything the key leaves out.
 * Everything a visitor sends besides (cookies, credentials, languages) is not passed on.
 */
export type StoreTarget = {
  /** origin + path + normalised query */
  key: string
  /** The URL the response is made from. */
  renderUrl: string
  /** Request headers the response varies on besides Accept-Encoding. */
  vary: ReadonlyArray<string>
  /**
   * Request headers passed on to the render besides where it was asked. Only a response that
   * does not vary on them is stored (the API's errors vary on `Accept-Language`, its
   * successes do not), so a stored response still depends on nothing its key leaves out.
   */
  passed: ReadonlyArray<string>
}

const API_READ_PREFIX = '/cozying-api/v1/'

type Rule = { search: PageSearchRule['search'] | 'all'; vary?: ReadonlyArray<string>; passed?: ReadonlyArray<string> }

/**
 * The API's public reads answer their errors in the caller's language (issue 32): the
 * language goes to the render, and the store keeps only the answers that do not vary on it.
 */
const API_READ: Rule = { search: 'all', passed: ['accept-language'] }

function apiRule(pathname: string): Rule | undefined {
  const path = pathname.slice(API_READ_PREFIX.length)
  // A city's market figures (issue 27): public, and new only when an import writes a snapshot.
  if (path === 'realtor' || path === 'home/list' || path === 'market') return API_READ
  const [resource, key, ...more] = path.split('/')
  if (more.length > 0 || !key) return undefined
  if (resource === 'realtor' && key !== 'presigned-multi-file-upload') return API_READ
  if (resource === 'home' && key !== 'list') return API_READ
  // An open house's calendar file (issue 26): public, and gone when the open house ends.
  if (resource === 'open-houses' && key.endsWith('.ics')) return API_READ
  return undefined
}

/**
 * An API map area is keyed by its grid box (src/lib/bbox.ts), the box it is answered for, so
 * panning within a cell reuses one entry. A box that does not parse is left for the handler to
 * refuse. A search page keeps the visitor's box (its URL says what the map showed, to the metre,
 * and its links and map are rendered from it); its list is answered for the grid box all the same.
 */
function withSnappedBbox(search: URLSearchParams): URLSearchParams {
  const bbox = search.get('bbox')
  const snapped = bbox === null ? undefined : snappedBboxText(bbox)
  if (snapped === undefined || snapped === bbox) return search
  const copy = new URLSearchParams(search)
  copy.set('bbox', snapped)
  return copy
}

/** The store's view of a request, or undefined when the store does not answer it. */
export function storeTargetFor(request: Pick<Request, 'method'>, url: URL, origin: string): StoreTarget | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const rule: Rule | undefined = url.pathname.startsWith(API_READ_PREFIX) ? apiRule(url.pathname) : publicPageRule(url.pathname)
  if (!rule) return undefined
  const api = url.pathname.startsWith(API_READ_PREFIX)
  const query = url.search === '' ? '' : normalisedQuery(api ? withSnappedBbox(url.searchParams) : url.searchParams, rule.search)
  const pathAndQuery = query ? `${url.pathname}?${query}` : url.pathname
  return { key: `${origin}${pathAndQuery}`, renderUrl: `${url.origin}${pathAndQuery}`, vary: rule.vary ?? [], passed: rule.passed ?? [] }
}
