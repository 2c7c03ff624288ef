import { randomUUID } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { countRequest, routeKindOf } from '~/server/metrics/registry'
import type { PageStore } from '~/server/pages/page-store'
import { storeTargetFor } from '~/server/pages/public-routes'
import { originFromHeaders } from '~/server/site/site-context'
import { LOCAL_UPLOAD_PREFIX } from '~/server/uploads/local-storage'
import type { StorageDriver } from '~/server/uploads/storage-driver'
import { REQUEST_ID_HEADER, writeRequestLine, type AnsweredRequest } from '~/server/web/request-log'
import { applySecurityHeaders } from './security-headers'
import { storedFileHeaders } from './upload-handler'

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
 * revision read here began after the request arrived, as there). The local-disk driver's photos
 * are sent from here too (decision 077).
 */

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void

/** Where the built server leaves `withStoredAnswers` for scripts/serve.mjs to wrap its handler with. */
export const NODE_FRONT = Symbol.for('realtor.nodeFront')

/** A Host a URL is made from as it stands: a name or an address, and a port. Any other goes the full way. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

export type StoredAnswersOptions = {
  /** This process's page store, once its services are up; undefined before. */
  store: () => PageStore | undefined
  /**
   * This process's storage, once its services are up: the local-disk driver's photos are sent
   * from here too (decision 077). Undefined before, and S3's photos are never asked of us.
   */
  storage?: () => StorageDriver | undefined
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
    if (method !== 'GET' && method !== 'HEAD') return next(request, response)
    const url = plainUrl(request, headers)
    if (!url) return next(request, response)
    const kind = routeKindOf(url.pathname)
    if (kind === 'upload') return sendStoredPhoto(request, response, { url, method, started, reqId: newId, storage: options.storage?.(), next })
    const store = options.store()
    if (!store) return next(request, response)
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
        send(response, answer.status, answer.headers, answer.body, { reqId: newId(), method, kind, pathname: url.pathname, started }, options.routeOf)
      },
      // The revisions could not be read: the full front answers, and logs, what it makes of that.
      () => next(request, response),
    )
  }
}

type PhotoRequest = { url: URL; method: string; started: number; reqId: () => string; storage: StorageDriver | undefined; next: NodeHandler }

/**
 * A photo of the local-disk driver (decision 077): a homepage asks for a dozen, and through the
 * full front each paid for srvx, nitro, h3 and Start's entry, several times the reading of its
 * file. Sent here with the headers the full front gives it (the upload handler's and the security
 * headers), its id, log line and count. A key that is not valid, a file not found, a read that
 * fails and the S3 driver go the full way, which answers them in the caller's language.
 */
function sendStoredPhoto(request: IncomingMessage, response: ServerResponse, photo: PhotoRequest): void {
  const { url, method, started, storage, next } = photo
  const key = url.pathname.slice(LOCAL_UPLOAD_PREFIX.length)
  if (storage?.kind !== 'local') return next(request, response)
  storage.get(key).then(
    (file) => {
      if (!file) return next(request, response)
      const headers = new Headers(storedFileHeaders(file))
      applySecurityHeaders({ url: url.href, headers: { get: (name) => headerText(request.headers[name]) ?? null } }, headers)
      send(response, 200, [...headers], method === 'HEAD' ? null : file.bytes, {
        reqId: photo.reqId(),
        method,
        kind: 'upload',
        pathname: url.pathname,
        started,
      })
    },
    () => next(request, response),
  )
}

/**
 * Writes an answer made here, with its `X-Request-Id`, then its request line and its count: what
 * the full front's request log and metrics do for the answers they wrap.
 */
function send(
  response: ServerResponse,
  status: number,
  headers: ReadonlyArray<[string, string]>,
  body: Uint8Array | null,
  answered: Omit<AnsweredRequest, 'status'>,
  routeOf?: (pathname: string) => string | undefined,
): void {
  response.writeHead(status, [...headers, [REQUEST_ID_HEADER, answered.reqId]])
  response.end(body ?? undefined)
  writeRequestLine({ ...answered, status }, routeOf)
  countRequest(answered.kind, answered.method, status, answered.started)
}
