import type { Env } from '~/server/config/env'
import type { AppServices } from '~/server/services'
import { sendDueDigests } from './digest'
import { sendPendingReplies } from './send-replies'
import { scheduledJob } from '~/server/logging/job-log'

/*
 * The lead desk's clock (decision 021): pending instant replies every LEAD_REPLY_INTERVAL_SECONDS
 * (30), so a reply whose first try died with its process goes within a minute; due digests
 * every LEAD_DIGEST_INTERVAL_SECONDS (300). A tick still running when the next comes is not
 * doubled; the claims make any overlap between processes harmless anyway.
 */
function every(seconds: number, name: string, job: () => Promise<unknown>): void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    void scheduledJob(name, job).finally(() => {
      running = false
    })
  }, seconds * 1000)
  timer.unref()
}

export function startLeadDeskSchedule(services: AppServices, config: Pick<Env, 'LEAD_REPLY_INTERVAL_SECONDS' | 'LEAD_DIGEST_INTERVAL_SECONDS'>): void {
  every(config.LEAD_REPLY_INTERVAL_SECONDS, 'lead-replies.instant', () => sendPendingReplies(services))
  every(config.LEAD_DIGEST_INTERVAL_SECONDS, 'lead-replies.digests', () => sendDueDigests(services))
}
