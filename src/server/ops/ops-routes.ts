import { timingSafeEqual } from 'node:crypto'
import { loadCatalog } from '~/i18n/i18n'
import { errors, type AppError } from '~/server/app-error'
import { apiLang, errorResponse, json } from '~/server/web/responses'
import { METRICS_CONTENT_TYPE, scrapeText } from '~/server/metrics/cluster-metrics'
import type { AppServices } from '~/server/services'
import { checkReadiness, notStarted, type Readiness } from './readiness'

/*
 * The operator's endpoints (issue 30, decision 041), answered before anything else of the app:
 * no page store, no visitor statistics, no rate limit, no session lookup. They are reserved
 * words for a realtor's address (src/lib/reserved-paths.ts).
 */

export const HEALTH_PATH = '/healthz'
export const READY_PATH = '/readyz'
export const METRICS_PATH = '/metrics'

export function isOpsPath(pathname: string): boolean {
  return pathname === HEALTH_PATH || pathname === READY_PATH || pathname === METRICS_PATH
}

export type OpsContext = {
  /** This process's services; rejects while they cannot be made (the database is down at start). */
  services: () => Promise<AppServices>
  /** METRICS_TOKEN: unset, `/metrics` does not exist. */
  metricsToken: string | undefined
  /** The scrape's text; the whole `npm start` server by default. */
  scrape?: () => Promise<string>
}

// Probes and scrapers must never get a stored answer.
const NO_STORE = { 'cache-control': 'no-store' }

export async function answerOpsRequest(request: Request, pathname: string, context: OpsContext): Promise<Response | undefined> {
  if (!isOpsPath(pathname)) return undefined
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(request, errors.methodNotAllowed(), { allow: 'GET, HEAD' })
  if (pathname === HEALTH_PATH) return json({ status: 'ok' }, 200, NO_STORE)
  if (pathname === READY_PATH) return readinessResponse(await readiness(context))
  return metricsResponse(request, context)
}

async function readiness(context: OpsContext): Promise<Readiness> {
  let services: AppServices
  try {
    services = await context.services()
  } catch (error) {
    return notStarted(error)
  }
  return checkReadiness(services)
}

export function readinessResponse(result: Readiness): Response {
  const body = result.ready ? { status: 'ready', checks: result.checks } : { status: 'unready', failed: result.failed, checks: result.checks }
  return json(body, result.ready ? 200 : 503, NO_STORE)
}

async function metricsResponse(request: Request, context: OpsContext): Promise<Response> {
  // Without a token configured the endpoint is not there at all, as on any unknown path.
  if (!context.metricsToken) return refuse(request, errors.notFound())
  if (!bearerMatches(request.headers.get('authorization'), context.metricsToken)) {
    return refuse(request, errors.unauthorized(), { 'www-authenticate': 'Bearer realm="metrics"' })
  }
  try {
    const text = await (context.scrape ?? scrapeText)()
    return new Response(request.method === 'HEAD' ? null : text, { status: 200, headers: { 'content-type': METRICS_CONTENT_TYPE, ...NO_STORE } })
  } catch (error) {
    return refuse(request, errors.internal(error))
  }
}

/** Constant-time, so the token cannot be guessed byte by byte from response times. */
export function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (!match?.[1]) return false
  const given = Buffer.from(match[1])
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The API's JSON error (DESIGN §5), in the caller's language. */
async function refuse(request: Request, error: AppError, headers: Record<string, string> = {}): Promise<Response> {
  const lang = apiLang(request)
  await loadCatalog(lang)
  return errorResponse(error, lang, { ...NO_STORE, ...headers })
}
