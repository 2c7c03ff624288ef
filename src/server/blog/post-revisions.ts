import type { Kysely } from 'kysely'
import type { Database } from '~/server/db/schema'
import type { PurgeContext } from '~/server/cdn-purge/outbox'
import { scheduledJob } from '~/server/logging/job-log'
import { announcePurge, realtorSurrogateKeys } from '~/server/pages/revisions'
import { reviseRealtorPages } from '~/server/pages/realtor-page-revisions'

/*
 * A realtor's posts show on their blog pages, their feed, their homepage's latest posts and the
 * sitemap, all stored by the page store (decision 009): a change to the posts revises those
 * pages (`reviseRealtorPages`).
 */

/**
 * Scheduled posts go public at their minute with no request (issue 28). Every stored page
 * already knows when the next post of its realtor is due and is made again from then
 * (`dependsUntil`), on every process; this job also moves the revisions of the realtors whose
 * posts came due since it last looked, so a CDN is told to purge those pages
 * (the log line of decision 009) and every reader of the revisions sees the change.
 */
export async function releaseDuePosts(db: Kysely<Database>, purge: PurgeContext, since: Date, now: Date): Promise<Array<string>> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('post')
      .select('realtorId')
      .distinct()
      .where('status', 'in', ['scheduled', 'published'])
      .where('publishAt', '>', since.toISOString())
      .where('publishAt', '<=', now.toISOString())
      .execute()
    const realtorIds = rows.map((row) => row.realtorId)
    await reviseRealtorPages(trx, purge, realtorIds)
    return realtorIds
  })
}

export const DUE_POSTS_INTERVAL_MS = 30_000
/** At start, posts that came due this long before are released again: harmless (one render each), and a restart loses nothing. */
const FIRST_LOOK_BACK_MS = 24 * 60 * 60_000

/** The job, with the other scheduled jobs (worker 0). Any number of processes may run it. */
export function startDuePostRelease(services: { db: Kysely<Database> } & PurgeContext): () => void {
  let since = new Date(services.now().getTime() - FIRST_LOOK_BACK_MS)
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    const now = services.now()
    void scheduledJob('blog.due-posts', async () => {
      const realtorIds = await releaseDuePosts(services.db, services, since, now)
      since = now
      if (realtorIds.length > 0) announcePurge(services.config.cdnPurge, realtorSurrogateKeys(realtorIds))
      return { posts: realtorIds.length }
    }).finally(() => {
      running = false
    })
  }, DUE_POSTS_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
