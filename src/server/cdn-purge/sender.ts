import { scheduledJob } from '~/server/logging/job-log'
import type { AppServices } from '~/server/services'
import { cloudflarePurger } from './cloudflare'
import type { CdnPurgeConfig } from './config'
import { fastlyPurger } from './fastly'
import { sendDuePurges } from './outbox'
import type { CdnPurger } from './purger'

/** The configured vendor's client; none with `CDN_PURGE=none`. */
export function purgerFor(config: CdnPurgeConfig, now: () => Date): CdnPurger | undefined {
  switch (config.vendor) {
    case 'none':
      return undefined
    case 'cloudflare':
      return cloudflarePurger(config, now)
    case 'fastly':
      return fastlyPurger(config, now)
  }
}

/** Lag from a save to its purge is at most this plus the request: short, and one indexed read when idle. */
export const PURGE_INTERVAL_MS = 2_000

/**
 * The sender, with the other scheduled jobs. Each run claims what it sends, so running it on
 * several processes at once sends nothing twice; one run at a time per process.
 */
export function startCdnPurgeSender(services: AppServices): (() => void) | undefined {
  const purger = purgerFor(services.config.cdnPurge, services.now)
  if (!purger) return undefined
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    // One job line per run that purged or failed (decision 044); empty runs only at debug.
    void scheduledJob('cdn.purge', () => sendDuePurges(services, purger)).finally(() => {
      running = false
    })
  }, PURGE_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
