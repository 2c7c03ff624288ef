import { randomUUID } from 'node:crypto'
import { routeKindOf, statusAsAnswered, type RouteKind } from '~/server/metrics/registry'
import { ListedResponse } from '~/server/web/listed-response'
import { logger, requestLogger, runWithRequestId } from '~/server/logging/logger'

export const REQUEST_ID_HEADER = 'x-request-id'

/** Probes come every few seconds from a load balancer or Prometheus: their lines only at `debug`. */
const QUIET_KINDS: ReadonlySet<RouteKind> = new Set(['health', 'metrics'])

export type RequestLogOptions = {
  /** The route pattern of a path (the API's table), when one is known; never the path itself. */
  routeOf?: (pathname: string) => string | undefined
  /** The id; a fresh random UUID by default (tests give their own). */
  newId?: () => string
}

/** What the log has read of a request already, for the layers inside it not to read it again. */
export type LoggedRequest = { url: URL; kind: RouteKind }

/**
 * Answers a request through `handle` and writes its one log line: a new id, the method, the
 * route's kind (and pattern, when known), the status (499 for a 5xx whose client had gone,
 * `statusAsAnswered`), the time to the response headers, and the worker (in every line's base).
 * The id goes back as `X-Request-Id`, set here, outside the page
 * store, on the response it produced or replayed: a stored page never carries the id of the
 * visitor whose request rendered it. An id a client sends is not taken: it would let anyone
 * write what they like into the log and join lines of other requests (decision 044).
 *
 * Neither the path nor the query is written: they hold realtors' addresses, listing keys, a
 * saved search's unsubscribe token.
 *
 * A stored page is answered in a few dozen microseconds, so this costs little on purpose
 * (decision 055): one object per line, written by a logger without redaction to a buffered
 * stdout, and the route looked up only when the line is written.
 */
export async function answerWithRequestLog(
  request: Request,
  handle: (request: Request, seen: LoggedRequest) => Promise<Response>,
  options: RequestLogOptions = {},
): Promise<Response> {
  const reqId = (options.newId ?? randomUUID)()
  const started = performance.now()
  const url = new URL(request.url)
  const kind = routeKindOf(url.pathname)
  let response: Response
  try {
    response = await runWithRequestId(reqId, () => handle(request, { url, kind }))
  } catch (error) {
    // What the framework makes of a throw: a 500, or a 499 when the client had gone, which is no
    // error of ours (its reason is Node's "aborted", with nothing to learn from).
    const status = statusAsAnswered(request, 500)
    if (status !== 500) writeRequestLine({ reqId, method: request.method, kind, pathname: url.pathname, status, started }, options.routeOf)
    else logger().error({ reqId, method: request.method, kind, route: options.routeOf?.(url.pathname), status, ms: elapsedMs(started), err: error }, 'request')
    throw error
  }
  writeRequestLine(
    { reqId, method: request.method, kind, pathname: url.pathname, status: statusAsAnswered(request, response.status), started },
    options.routeOf,
  )
  return withRequestId(response, reqId)
}

/** One answered request, as its log line needs it; `started` is its `performance.now()` on arrival. */
export type AnsweredRequest = { reqId: string; method: string; kind: RouteKind; pathname: string; status: number; started: number }

/**
 * Writes the line of an answered request: here for `answerWithRequestLog`, and for the stored
 * answers sent from Node's own request, which never make a `Request` (decision 059).
 */
export function writeRequestLine(answered: AnsweredRequest, routeOf?: (pathname: string) => string | undefined): void {
  const lines = requestLogger()
  const level = QUIET_KINDS.has(answered.kind) ? 'debug' : 'info'
  if (!lines.isLevelEnabled(level)) return
  const { reqId, method, kind, pathname, status, started } = answered
  lines[level]({ reqId, method, kind, route: routeOf?.(pathname), status, ms: elapsedMs(started) }, 'request')
}

function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10
}

/**
 * The response with its id. A `Response.redirect()` (Start answers `//x` with one) has
 * immutable headers: such a response is copied, as src/server.ts does for its own headers.
 */
export function withRequestId(response: Response, reqId: string): Response {
  if (response instanceof ListedResponse) {
    response.addHeader(REQUEST_ID_HEADER, reqId)
    return response
  }
  try {
    response.headers.set(REQUEST_ID_HEADER, reqId)
    return response
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    const copy = new Response(response.body, response)
    copy.headers.set(REQUEST_ID_HEADER, reqId)
    return copy
  }
}
