#!/usr/bin/env node
/**
 * The image's HEALTHCHECK: exit 0 when the process answers GET /healthz with 200, else 1.
 * A script rather than curl because the slim Node image has no curl, and Node is there anyway.
 * Liveness only: /readyz (database, storage) is for the load balancer, which should stop
 * sending traffic to an unready instance without the orchestrator killing it.
 */
const port = process.env.PORT ?? '3000'
try {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3000) })
  process.exit(answer.status === 200 ? 0 : 1)
} catch {
  process.exit(1)
}
