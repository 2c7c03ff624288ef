import { env } from '~/server/config/env'
import { startCdnPurgeSender } from './cdn-purge/sender'
import { startDuePostRelease } from './blog/post-revisions'
import { dbConfigFromEnv, openDatabase } from './db/database'
import { deliverPendingContacts } from './inbox/deliver-contacts'
import { startLeadDeskSchedule } from './lead-replies/schedule'
import { deliverPendingMail } from './mail/outbox'
import { startAlertSchedule } from './saved-searches/alerts'
import { startMarketReportSchedule } from './market-subscriptions/monthly-reports'
import { startOpenHousePurge } from './open-houses/open-house-store'
import { createServices, type AppServices } from './services'
import { startRateLimitPrune } from './web/rate-limit'
import { startPageFontPrune } from './fonts/page-font-prune'
import { startStatsPurge } from './stats/purge'
import { startUploadCleanup } from './uploads/cleanup'
import { startListingPhotoCleanup } from './listings/listing-photo-cleanup'
import { startRemarksTranslation } from './translation/remarks-schedule'
import { scheduledJob } from './logging/job-log'
import { componentLogger, runOutsideRequest } from './logging/logger'

/*
 * The services of this process (a server worker or a script), and the jobs it runs on a
 * schedule. Apart from services.ts, which only makes services, so the jobs can take
 * `AppServices` without services.ts importing them back.
 */

let shared: Promise<AppServices> | undefined

const OUTBOX_RETRY_INTERVAL_MS = 60_000

/**
 * Retries undelivered contact messages and stored mails (saved-search confirmations, alerts) once a minute. Several processes may run it at once:
 * each message is claimed before it is sent, so none goes out twice.
 */
function startOutboxRetries(services: AppServices): void {
  if (!services.mailer) return
  const timer = setInterval(() => {
    void scheduledJob('mail.contacts', () => deliverPendingContacts(services))
    void scheduledJob('mail.outbox', () => deliverPendingMail(services))
  }, OUTBOX_RETRY_INTERVAL_MS)
  timer.unref()
}

/** The scheduled jobs (worker 0 only) and the visitor statistics' flushes of this process. */
function startProcessJobs(services: AppServices): AppServices {
  const config = env()
  const worker = config.WORKER_INDEX
  if (worker === undefined || worker === 0) {
    startOutboxRetries(services)
    startUploadCleanup(services)
    startListingPhotoCleanup(services)
    startStatsPurge(services)
    startRateLimitPrune(services)
    startPageFontPrune(services)
    startAlertSchedule(services)
    startMarketReportSchedule(services)
    startLeadDeskSchedule(services, config)
    startOpenHousePurge(services)
    startDuePostRelease(services)
    startCdnPurgeSender(services)
    startRemarksTranslation(services)
  }
  // Every process counts its own visitors and writes them (decision 016); a stopping worker
  // writes what it has before serve.mjs ends it.
  services.visits.start(config.STATS_FLUSH_MS)
  process.once('disconnect', () => void services.visits.flush().catch((error: unknown) => componentLogger('stats').error({ err: error }, 'last flush failed')))
  process.once('beforeExit', () => void services.visits.flush().catch(() => undefined))
  return services
}

/**
 * The process-wide services, created (and the database migrated) on first use. Under
 * `npm start`'s workers, only worker 0 runs the scheduled jobs (outbox retries, upload cleanup and the MLS photo copies' cleanup, statistics and rate-limit counters pruned hourly, page fonts' unused recipes daily, saved-search alerts every ten minutes, monthly market reports looked for hourly, instant replies and daily digests, scheduled posts coming due, CDN purges, listings' remarks translated after each import): the outbox claims each
 * message anyway, but one sender is enough and keeps the others' event loops for pages;
 * the upload cleanup lists the whole store, which one process doing hourly is plenty.
 */
export function getServices(): Promise<AppServices> {
  if (shared) return shared
  const database = openDatabase(dbConfigFromEnv())
  // Made at the first request: the timers started here must not name that request in their lines.
  const starting = createServices({ database }).then((services) => runOutsideRequest(() => startProcessJobs(services)))
  // A start that failed (the database was down) is tried again at the next request or
  // readiness probe, rather than leaving the process unready for good (decision 041).
  starting.catch(() => {
    if (shared === starting) shared = undefined
    void database.close().catch(() => undefined)
  })
  shared = starting
  return starting
}
