import { randomUUID } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { countRequest, routeKindOf } from '~/server/metrics/registry'
import type { PageStore } from '~/server/pages/page-store'
import { storeTargetFor } from '~/server/pages/public-routes'
import { originFromHeaders } from '~/server/site/site-context'
import { REQUEST_ID_HEADER, writeRequestLine } from '~/server/web/request-log'

/*
 * Stored answers sent from Node's own request (issue 49, decision 059).
 *
 * A stored page or API read is a few KB already compressed, answered thousands of times per
 * version. Through the full front each one paid for srvx's `Request` adapter, nitro's and h3's
 * routing, Start's entry, three nested promises and a `Response` turned back into Node's
 * headers: about half of a worker's time per stored answer. Here, before any of that, a GET or
 * HEAD that the page store answers from a current version is written straight to Node's
 * response, with what the full front gives it (the same key, checks, headers and bytes, its
 * `X-Request-Id`, its log line and its metrics). Everything else, a miss included, goes on to the
 * full front untouched, which then does what it always did (decision 009's freshness: the
 * revision read here began after the request arrived, as there).
 */

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void

/** Where the built server leaves `withStoredAnswers` for scripts/serve.mjs to wrap its handler with. */
export const NODE_FRONT = Symbol.for('realtor.nodeFront')

/** A Host a URL is made from as it stands: a name or an address, and a port. Any other goes the full way. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

export type StoredAnswersOptions = {
  /** This process's page store, once its services are up; undefined before. */
  store: () => PageStore | undefined
  /** The route pattern of an API path, for the log line (as the full front writes it). */
  routeOf: (pathname: string) => string | undefined
  /** The request id; a fresh random UUID by default (tests give their own). */
  newId?: () => string
}

function headerText(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.join(', ')
}

/**
 * The URL the full front would make of this request (srvx's, from the Host header and the path
 * as sent), or undefined for a request whose URL the full front should judge itself: `/` (its
 * language redirect), a `%` escape (it may refuse it), a path not starting with one `/`, an
 * unusual or missing Host.
 */
function plainUrl(request: IncomingMessage, headers: IncomingHttpHeaders): URL | undefined {
  const path = request.url
  if (path === undefined || path.charCodeAt(0) !== 47 /* / */ || path.charCodeAt(1) === 47 || path === '/' || path.startsWith('/?')) return undefined
  const queryAt = path.indexOf('?')
  if ((queryAt === -1 ? path : path.slice(0, queryAt)).includes('%')) return undefined
  const host = headers.host
  if (host === undefined || !PLAIN_HOST.test(host)) return undefined
  // A TLS socket (a server started with https) is the only way a request arrives encrypted.
  const protocol = 'encrypted' in request.socket ? 'https:' : 'http:'
  try {
    return new URL(`${protocol}//${host}${path}`)
  } catch {
    return undefined
  }
}

/** `next` with the page store's current answers sent first, from Node's own request. */
export function withStoredAnswers(next: NodeHandler, options: StoredAnswersOptions): NodeHandler {
  const newId = options.newId ?? randomUUID
  return (request, response) => {
    const started = performance.now()
    const { method, headers } = request
    const store = method === 'GET' || method === 'HEAD' ? options.store() : undefined
    const url = store ? plainUrl(request, headers) : undefined
    if (!store || !url || method === undefined) return next(request, response)
    const kind = routeKindOf(url.pathname)
    const target =
      kind === 'page' || kind === 'api'
        ? storeTargetFor(
            { method },
            url,
            originFromHeaders((name) => headerText(headers[name]), url),
          )
        : undefined
    if (!target) return next(request, response)
    store.storedAnswer(target, { method, acceptEncoding: headers['accept-encoding'], ifNoneMatch: headers['if-none-match'] }).then(
      (answer) => {
        if (!answer) return next(request, response)
        const reqId = newId()
        const answerHeaders = answer.headers.slice()
        answerHeaders.push([REQUEST_ID_HEADER, reqId])
        response.writeHead(answer.status, answerHeaders)
        response.end(answer.body ?? undefined)
        writeRequestLine({ reqId, method, kind, pathname: url.pathname, status: answer.status, started }, options.routeOf)
        countRequest(kind, method, answer.status, started)
      },
      // The revisions could not be read: the full front answers, and logs, what it makes of that.
      () => next(request, response),
    )
  }
}
