import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { env } from '~/server/config/env'
import { PAGE_FONT_PATH, pageFonts } from '~/server/fonts/page-font'
import { apiRoutePatternOf, handleApiRequest } from '~/server/http/api'
import { refuseUnanswerable } from '~/server/http/request-guard'
import { clientIpOf } from '~/server/http/request-ip'
import { answerWithRequestLog } from '~/server/web/request-log'
import { bindMetricSources } from '~/server/ops/app-metrics'
import { joinClusterMetrics } from '~/server/metrics/cluster-metrics'
import { measureRequest } from '~/server/metrics/registry'
import { answerOpsRequest, isOpsPath } from '~/server/ops/ops-routes'
import { NODE_FRONT, withStoredAnswers, type NodeHandler } from '~/server/http/node-front'
import { answerServerFnCall, SERVER_FN_PREFIX } from '~/server/http/server-fn-guard'
import { rootLanguageRedirect } from '~/server/http/root-redirect'
import { applySecurityHeaders } from '~/server/http/security-headers'
import { publicStore } from '~/server/pages/public-store'
import { storeTargetFor } from '~/server/pages/public-routes'
import { getServices } from '~/server/process-services'
import type { AppServices } from '~/server/services'
import { handleVisitBeacon, VISIT_BEACON_PATH } from '~/server/stats/beacon'
import { handleUploadRequest } from '~/server/http/upload-handler'
import { LOCAL_UPLOAD_PREFIX } from '~/server/uploads/local-storage'
import { handleListingPhotoRequest } from '~/server/http/listing-photo-handler'
import { LISTING_PHOTO_PATH } from '~/server/listings/listing-photos'
import { handleMapFileRequest, MAP_FILES_PREFIX, mapFilesDirectory } from '~/server/map/map-files'
import { requestOrigin } from '~/server/site/site-context'
import { ACCOUNT_MENU_PATH } from '~/lib/account-menu'
import { EDIT_ACCESS_PATH } from '~/lib/edit-access'
import { answerAccountMenu } from '~/server/http/account-menu'
import { answerEditAccess } from '~/server/http/edit-access'
import { renderToString } from 'react-dom/server'
import { renderIslandsWith } from '~/features/islands/island'
import { hasIslandsRuntime } from '~/server/islands/islands-delivery'

type RequestOptions = Parameters<typeof handler.fetch>[1]

/**
 * The front door. Public pages and the API's public reads are answered from the page store
 * (issue 12, decision 009): rendered once per version of what they show, then served from
 * memory. The rest of the REST API answers before Start's router and request middleware: it
 * renders nothing, and that pipeline was most of its latency under load (decision 007). A
 * homepage's own font is answered here too (decision 008). Everything else goes to Start,
 * and nothing Start answers is kept by a shared cache unless it says so.
 */
export default createServerEntry({
  // Every request the app answers is counted by the kind of its route (decision 041) and written
  // as one log line; its `X-Request-Id` is set on the way out, after the page store (decision 044).
  // The URL is parsed once, by the log, and handed in (decision 055).
  fetch: (request, options) =>
    answerWithRequestLog(request, (logged, { url, kind }) => measureRequest(logged, (measured) => front(measured, url, options), kind), {
      routeOf: apiRoutePatternOf,
    }),
})

// Islands pages render each island in a root of its own for the runtime this build carries
// (decision 051); `vite dev` has no runtime, and there every page hydrates as the app.
if (hasIslandsRuntime()) renderIslandsWith((root, identifierPrefix) => renderToString(root, { identifierPrefix }))

// A worker of `npm start` answers the primary's requests for its metrics from the start, ready or not.
joinClusterMetrics()

// scripts/serve.mjs wraps Node's handler with this once the worker is ready: the page store's
// current answers and the local disk's photos are sent from Node's own request, before srvx,
// nitro and Start (decisions 059, 077).
Reflect.set(globalThis, NODE_FRONT, (next: NodeHandler) =>
  withStoredAnswers(next, {
    store: () => (boundServices ? publicStore(boundServices) : undefined),
    storage: () => boundServices?.storage,
    routeOf: apiRoutePatternOf,
  }),
)

let boundServices: AppServices | undefined

/** Binds this process's metrics to its services once they exist (the scrape reads them). */
async function servicesWithMetrics(): Promise<AppServices> {
  const services = await getServices()
  if (boundServices !== services) {
    bindMetricSources({ services, pageStore: () => publicStore(services).stats() })
    boundServices = services
  }
  return services
}

async function front(request: Request, url: URL, options: RequestOptions): Promise<Response> {
  const { pathname } = url
  // Health, readiness and metrics first: cheap, never stored, never a visit, never rate-limited (decision 041).
  if (isOpsPath(pathname)) {
    const ops = await answerOpsRequest(request, pathname, { services: servicesWithMetrics, metricsToken: env().METRICS_TOKEN })
    if (ops) return secured(request, ops)
  }
  const refused = await refuseUnanswerable(request, url)
  if (refused) return secured(request, refused)
  const redirect = rootLanguageRedirect(request, pathname)
  if (redirect) return secured(request, redirect)
  const services = await servicesWithMetrics()
  const target = storeTargetFor(request, url, requestOrigin(request, url))
  if (target) return publicStore(services).respond(request, target, (fresh) => answer(fresh, services, options))
  return answer(request, services, options).then((response) =>
    withHeaders(response, (headers) => {
      if (!headers.has('cache-control')) headers.set('cache-control', 'private, no-store')
    }),
  )
}

async function answer(request: Request, services: AppServices, options: RequestOptions): Promise<Response> {
  const { pathname } = new URL(request.url)
  // A page's visit beacon (decision 016): counted in memory, never stored nor rendered.
  if (pathname === VISIT_BEACON_PATH) return secured(request, await handleVisitBeacon(request, services))
  // An islands page asks whether its viewer may edit it (decision 051): per viewer, never stored.
  if (pathname === EDIT_ACCESS_PATH) return secured(request, await answerEditAccess(request, services))
  // The account menu of an islands page of the platform (decision 051): per viewer, never stored.
  if (pathname === ACCOUNT_MENU_PATH) return secured(request, await answerAccountMenu(request, services))
  if (pathname === '/cozying-api' || pathname.startsWith('/cozying-api/')) {
    return secured(request, await handleApiRequest(request, { services, clientIp: clientIpOf(request) }))
  }
  if (pathname.startsWith(PAGE_FONT_PATH)) return secured(request, await pageFonts.respond(request))
  // Files, never pages (decision 077): Start's router cost a photo several times the reading of
  // its file, and a homepage asks for a dozen photos, a map for dozens of tile ranges.
  if (pathname.startsWith(LOCAL_UPLOAD_PREFIX)) return secured(request, await handleUploadRequest(request, services))
  if (pathname.startsWith(LISTING_PHOTO_PATH)) return secured(request, await handleListingPhotoRequest(request, services))
  if (pathname.startsWith(MAP_FILES_PREFIX)) return secured(request, await handleMapFileRequest(request, mapFilesDirectory()))
  // Start answers server functions; a call it cannot decode gets our JSON error (issue 32).
  if (pathname.startsWith(SERVER_FN_PREFIX)) return answerServerFnCall(request, async () => handler.fetch(request, options))
  return handler.fetch(request, options)
}

function secured(request: Request, response: Response): Response {
  return withHeaders(response, (headers) => applySecurityHeaders(request, headers))
}

/**
 * Changes a response's headers. Start answers some requests (`//x`, which its router
 * normalises) with `Response.redirect()`, whose headers are immutable: setting one threw, and
 * the visitor got a 500 (found by the generated malformed-input suite, issue 17). Such a
 * response is copied first.
 */
function withHeaders(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers)
    return response
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    const copy = new Response(response.body, response)
    change(copy.headers)
    return copy
  }
}
