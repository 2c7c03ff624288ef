import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { VISIT_BEACON_PATH } from '~/lib/visit-beacon'

/*
 * The Prometheus metrics of one process (issue 30 item 2, decision 041). Family names are the
 * issue's, so dashboards can rely on them. Every label takes values from a short fixed list
 * (a route kind, a method, a status code, a mail kind), never from a URL or a visitor.
 *
 * Under `npm start` each worker keeps its own values and the primary sums them on a scrape
 * (cluster-metrics.ts). The `aggregator` of each family says how: counters and per-process
 * figures add up; figures every worker reads from the shared database take the largest
 * value, since summing them would count the same outbox once per worker.
 */

export const metricsRegistry = new Registry()

// Process figures (CPU, memory, event-loop lag, handles): prom-client gives each its own
// aggregator across workers.
collectDefaultMetrics({ register: metricsRegistry })

export const ROUTE_KINDS = ['page', 'api', 'auth', 'serverfn', 'asset', 'upload', 'beacon', 'health', 'metrics'] as const
export type RouteKind = (typeof ROUTE_KINDS)[number]

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered by the app, by route kind, method and status.',
  labelNames: ['kind', 'method', 'status'] as const,
  registers: [metricsRegistry],
})

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request reaching the app to its response headers, by route kind, method and status.',
  labelNames: ['kind', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by limit.',
  labelNames: ['bucket'] as const,
  registers: [metricsRegistry],
})

const cdnPurgeFailures = new Counter({
  name: 'cdn_purge_failures_total',
  help: 'Purge requests the CDN did not accept, by vendor and reason: rate_limited (429), server_error (5xx), network (no answer), rejected (any other answer). Their keys are kept and retried.',
  labelNames: ['vendor', 'reason'] as const,
  registers: [metricsRegistry],
})

const translationChars = new Counter({
  name: 'translation_characters_sent_total',
  help: "Characters the translation provider translated (what it bills), by provider: listings remarks and realtors' drafts together.",
  labelNames: ['provider'] as const,
  registers: [metricsRegistry],
})

const translationFailures = new Counter({
  name: 'translation_failures_total',
  help: 'Translation requests the provider did not answer with a translation, by provider and kind: auth (key refused), quota (quota used up, DeepL 456), rate_limited (429), server (5xx), network (no answer), rejected (any other refusal), bad_response (an answer not in the documented shape).',
  labelNames: ['provider', 'kind'] as const,
  registers: [metricsRegistry],
})

const translationPending = new Gauge({
  name: 'translation_pending',
  help: 'Listings whose remarks wait for a Korean translation, as the last pass of the translation job (worker 0) left them: over the daily budget, or after a provider failure.',
  // Only worker 0 runs the job; the other workers say 0.
  aggregator: 'max',
  registers: [metricsRegistry],
})

const jobRunDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'Duration of each run of a scheduled job (alerts, lead-replies.digests, mail.outbox, cdn.purge …), by job and outcome (ok, failed).',
  labelNames: ['job', 'outcome'] as const,
  // Jobs range from an indexed read that finds nothing (ms) to an alert run over every saved search (minutes).
  buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [metricsRegistry],
})

/** Which kind of route a path is: the `kind` label, one of a few values whatever the URL. */
export function routeKindOf(pathname: string): RouteKind {
  if (pathname === '/healthz' || pathname === '/readyz') return 'health'
  if (pathname === '/metrics') return 'metrics'
  if (pathname === VISIT_BEACON_PATH) return 'beacon'
  if (pathname === '/cozying-api' || pathname.startsWith('/cozying-api/')) return 'api'
  if (pathname === '/api/auth' || pathname.startsWith('/api/auth/')) return 'auth'
  if (pathname.startsWith('/_serverFn')) return 'serverfn'
  if (pathname.startsWith('/uploads/')) return 'upload'
  // Files answered before Start (listing photo copies, the map's style, tiles and glyphs) are
  // files whatever their ending: a tile (.pbf) or the style (.json) is not a page view.
  if (/^\/(?:assets|builds|fonts|_build|listing-photos|map-data)\//.test(pathname) || /\.(?:js|css|ico|png|jpe?g|webp|avif|svg|woff2?|ttf|map)$/.test(pathname))
    return 'asset'
  return 'page'
}

type RequestSeries = { requests: { inc: () => void }; duration: { observe: (seconds: number) => void } }

/**
 * Each label set's series, bound once at its first request: a request finds its own through
 * three lookups on values it already has, instead of building a labels object and the status's
 * text (decision 055). Bounded by the kinds, the methods (others are `other`) and the statuses.
 */
const requestSeries = new Map<RouteKind, Map<string, Map<number, RequestSeries>>>()

function seriesOf(kind: RouteKind, method: string, status: number): RequestSeries {
  let byMethod = requestSeries.get(kind)
  if (!byMethod) {
    byMethod = new Map<string, Map<number, RequestSeries>>()
    requestSeries.set(kind, byMethod)
  }
  const methodLabel = KNOWN_METHODS.has(method) ? method : 'other'
  let byStatus = byMethod.get(methodLabel)
  if (!byStatus) {
    byStatus = new Map<number, RequestSeries>()
    byMethod.set(methodLabel, byStatus)
  }
  let series = byStatus.get(status)
  if (!series) {
    const labels = { kind, method: methodLabel, status: String(status) }
    series = { requests: httpRequests.labels(labels), duration: httpDuration.labels(labels) }
    byStatus.set(status, series)
  }
  return series
}

/** nginx's "client closed request": what a request is logged and counted as when its client left first. */
export const CLIENT_CLOSED_REQUEST = 499

/**
 * The status a request is logged and counted with (decision 076). A visitor who closes a tab or
 * follows a link while a photo or a page is on its way aborts the request's signal, and Start
 * answers the abort with a 500 of its own making: counted as one, every closed tab was a server
 * error on the dashboard and in the log. A 5xx whose client has gone is a 499, as nginx writes it.
 *
 * The signal is read only after a 5xx: srvx makes it on the first read (an AbortController and a
 * listener on the socket), which the requests that succeed should not pay for.
 */
export function statusAsAnswered(request: Request, status: number): number {
  return status >= 500 && request.signal.aborted ? CLIENT_CLOSED_REQUEST : status
}

/**
 * Answers a request through `handle` and counts it: its kind, method and status, and the time
 * until its response headers (a body may stream on after). A request that throws counts as a 500,
 * which is what the framework makes of it (a 499 when the client had gone, `statusAsAnswered`).
 * `kind`: the request's, when the caller has it already.
 */
export async function measureRequest(
  request: Request,
  handle: (request: Request) => Promise<Response>,
  kind: RouteKind = routeKindOf(new URL(request.url).pathname),
): Promise<Response> {
  const started = performance.now()
  let status = 500
  try {
    const response = await handle(request)
    status = response.status
    return response
  } finally {
    countRequest(kind, request.method, statusAsAnswered(request, status), started)
  }
}

/**
 * Counts one answered request, `started` being its `performance.now()` on arrival: for a request
 * answered outside `measureRequest` (a stored answer sent from Node's own request, decision 059).
 */
export function countRequest(kind: RouteKind, method: string, status: number, started: number): void {
  const series = seriesOf(kind, method, status)
  series.requests.inc()
  series.duration.observe((performance.now() - started) / 1000)
}

const logLinesDropped = new Counter({
  name: 'log_lines_dropped_total',
  help: 'Log lines dropped because the collector did not read stdout and 16 MB of lines were already waiting in the process.',
  registers: [metricsRegistry],
})

/** Counts a log line dropped by the buffered stdout (logging/logger.ts). */
export function recordDroppedLogLine(): void {
  logLinesDropped.inc()
}

/** Counts a 429 of a rate limit; `bucket` is one of the code's fixed limit names. */
export function recordRateLimitRefusal(bucket: string): void {
  rateLimitRefusals.inc({ bucket })
}

/** Counts a purge request the CDN refused or never answered (cdn-purge/outbox.ts). */
export function recordCdnPurgeFailure(vendor: 'cloudflare' | 'fastly', reason: 'rate_limited' | 'server_error' | 'network' | 'rejected'): void {
  cdnPurgeFailures.inc({ vendor, reason })
}

/** Times a run of a scheduled job; `job` is one of the code's fixed job names (logging/job-log.ts). */
export function recordJobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void {
  jobRunDuration.observe({ job, outcome }, seconds)
}

/** Counts characters a provider translated (translation/*). */
export function recordTranslationChars(provider: 'deepl' | 'google' | 'papago', chars: number): void {
  translationChars.inc({ provider }, chars)
}

/** Counts a translation request that failed, by the kind translation/provider.ts sorts it into. */
export function recordTranslationFailure(
  provider: 'deepl' | 'google' | 'papago',
  kind: 'auth' | 'quota' | 'rate_limited' | 'server' | 'network' | 'rejected' | 'bad_response',
): void {
  translationFailures.inc({ provider, kind })
}

/** The listings left waiting for a translation by the job's last pass. */
export function setTranslationPending(count: number): void {
  translationPending.set(count)
}
