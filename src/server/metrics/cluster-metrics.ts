import { randomUUID } from 'node:crypto'
import cluster from 'node:cluster'
import { AggregatorRegistry } from 'prom-client'
import { env } from '~/server/config/env'
import { metricsRegistry } from './registry'

/*
 * One scrape shows the whole `npm start` server, whichever worker the connection reached
 * (decision 041). The worker asks the primary (scripts/serve.mjs), whose prom-client
 * AggregatorRegistry asks every worker for its values over the cluster's IPC channel and
 * adds them up by each family's aggregator. Outside `npm start` (tests, `vite dev`) the
 * process's own values are the whole answer.
 */

/** The messages scripts/serve.mjs answers; keep the names in step with it. */
export const METRICS_REQUEST = 'realtor:metrics-request'
export const METRICS_RESPONSE = 'realtor:metrics-response'

/** Longer than prom-client's own 5 s wait for the workers, so its error arrives first. */
const PRIMARY_TIMEOUT_MS = 6000

type MetricsResponse = { type: typeof METRICS_RESPONSE; id: string; text?: string; error?: string }

function isMetricsResponse(message: unknown): message is MetricsResponse {
  return typeof message === 'object' && message !== null && 'type' in message && message.type === METRICS_RESPONSE && 'id' in message
}

let answeringPrimary = false

/**
 * In a worker of `npm start`: answer the primary's requests for this worker's values. prom-client
 * starts listening for them when an AggregatorRegistry is made; the registry itself is not used.
 */
export function joinClusterMetrics(): void {
  if (answeringPrimary || !underServe()) return
  answeringPrimary = true
  AggregatorRegistry.setRegistries([metricsRegistry])
  new AggregatorRegistry()
}

function underServe(): boolean {
  if (!cluster.isWorker || typeof process.send !== 'function') return false
  try {
    return env().WORKER_INDEX !== undefined
  } catch {
    // A setting that does not parse fails every request with its reason; joining at import must not crash the worker first.
    return false
  }
}

/** The exposition text of every worker of this server (or of this process alone). */
export async function scrapeText(): Promise<string> {
  if (!underServe()) return metricsRegistry.metrics()
  joinClusterMetrics()
  const id = randomUUID()
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new Error('the primary did not answer the metrics request'))), PRIMARY_TIMEOUT_MS)
    const onMessage = (message: unknown) => {
      if (!isMetricsResponse(message) || message.id !== id) return
      finish(() => (message.text === undefined ? reject(new Error(message.error ?? 'no metrics')) : resolve(message.text)))
    }
    const finish = (settle: () => void) => {
      clearTimeout(timer)
      process.off('message', onMessage)
      settle()
    }
    process.on('message', onMessage)
    process.send?.({ type: METRICS_REQUEST, id })
  })
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType
