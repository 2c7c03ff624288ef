import type { Kysely } from 'kysely'
import type { Database } from '~/server/db/schema'
import { repeatEvery, scheduledJob } from '~/server/logging/job-log'

/*
 * What is kept, and for how long (issue 14, decision 016): a flush's events 48 hours, the daily
 * sums two years. Deletes by age only, so any process may run it any number of times.
 */

export const EVENT_RETENTION_MS = 48 * 60 * 60_000
/** Two years of days, the day the purge runs not included. */
export const DAILY_RETENTION_DAYS = 2 * 365

export type StatsPurgeResult = { events: number; days: number }

export async function purgeVisitStats(db: Kysely<Database>, now: Date): Promise<StatsPurgeResult> {
  const eventsBefore = new Date(now.getTime() - EVENT_RETENTION_MS).toISOString()
  const daysBefore = new Date(now.getTime() - DAILY_RETENTION_DAYS * 24 * 60 * 60_000).toISOString().slice(0, 10)
  const events = await db.deleteFrom('visitEvent').where('recordedAt', '<', eventsBefore).executeTakeFirst()
  const days = await db.deleteFrom('visitDaily').where('day', '<', daysBefore).executeTakeFirst()
  return { events: Number(events.numDeletedRows), days: Number(days.numDeletedRows) }
}

const PURGE_INTERVAL_MS = 60 * 60_000
const FIRST_RUN_DELAY_MS = 2 * 60_000

/**
 * The hourly purge, beside the upload cleanup in the process that runs scheduled jobs (worker
 * 0). Another process running it too would only find nothing left to delete.
 */
export function startStatsPurge(services: { db: Kysely<Database>; now: () => Date }): () => void {
  return repeatEvery(PURGE_INTERVAL_MS, FIRST_RUN_DELAY_MS, () => {
    void scheduledJob('stats.purge', () => purgeVisitStats(services.db, services.now()))
  })
}
