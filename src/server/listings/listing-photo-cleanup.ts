import { loggedJob, repeatEvery } from '~/server/logging/job-log'
import type { AppServices } from '~/server/services'
import { forgetPhotoVariants } from '~/server/uploads/photo-variants'
import { LISTING_PHOTO_KEY_PREFIX, listingPhotoKey } from './listing-photos'

/*
 * The WebP copies of MLS photos (decision 064) are made on a page's first request and kept in the
 * storage. A listing an import retires, or a photo its feed drops, leaves them behind: nothing
 * asks for them again, and on a busy MLS they would grow without end. This pass removes the copies
 * of every photo that no listing still on the market names, once they are older than the uploads'
 * grace period. A copy removed too soon costs only a fetch: the next request makes it again.
 */

export type ListingPhotoCleanupResult = { scanned: number; deleted: number }

export type ListingPhotoCleanupServices = Pick<AppServices, 'db' | 'storage' | 'now' | 'config'>

/** Hourly, beside the uploads' cleanup; the first pass a few minutes after a start. */
const CLEANUP_INTERVAL_MS = 60 * 60_000
const FIRST_RUN_DELAY_MS = 7 * 60_000
const BATCH = 500

/** `listing-photos/{hash}.w640.webp` → the hash; undefined for a key of another shape. */
function hashOfCopy(key: string): string | undefined {
  return /^listing-photos\/([0-9a-f]{32})\.w\d+\.webp$/.exec(key)?.[1]
}

/** Which of these hashes a photo of a listing not retired still has (a hidden listing keeps its copies: it may be shown again). */
async function hashesInUse(services: ListingPhotoCleanupServices, hashes: ReadonlyArray<string>): Promise<Set<string>> {
  const inUse = new Set<string>()
  // In slices: SQLite caps a statement's parameters.
  for (let start = 0; start < hashes.length; start += BATCH) {
    const rows = await services.db
      .selectFrom('homeMedia')
      .innerJoin('home', 'home.id', 'homeMedia.homeId')
      .select('homeMedia.mediaHash')
      .where('home.retiredAt', 'is', null)
      .where('homeMedia.mediaHash', 'in', hashes.slice(start, start + BATCH))
      .execute()
    for (const { mediaHash } of rows) if (mediaHash) inUse.add(mediaHash)
  }
  return inUse
}

/**
 * One pass: lists the copies, keeps those younger than the grace period or of a photo a listing
 * on the market names, deletes the rest and their `photo_variant` rows. The store is listed before
 * the listings are read, so a copy made meanwhile is young and a listing imported meanwhile is read.
 * Safe in several processes at once: deleting a deleted object is no error.
 */
export async function cleanupListingPhotoCopies(services: ListingPhotoCleanupServices): Promise<ListingPhotoCleanupResult> {
  const cutoff = services.now().getTime() - services.config.uploadCleanupGraceHours * 3_600_000
  const old: Array<{ key: string; hash: string | undefined }> = []
  let scanned = 0
  for await (const object of services.storage.list(LISTING_PHOTO_KEY_PREFIX)) {
    scanned += 1
    if (object.lastModified.getTime() < cutoff) old.push({ key: object.key, hash: hashOfCopy(object.key) })
  }
  if (old.length === 0) return { scanned, deleted: 0 }
  const inUse = await hashesInUse(services, [...new Set(old.flatMap(({ hash }) => (hash ? [hash] : [])))])
  // A key of another shape was not written by this app's copies: it is left alone.
  const orphans = old.filter(({ hash }) => hash !== undefined && !inUse.has(hash))
  for (let start = 0; start < orphans.length; start += BATCH) {
    await services.storage.delete(orphans.slice(start, start + BATCH).map(({ key }) => key))
  }
  // After the files: a row outliving its files for a moment only makes the next request fetch again.
  await forgetPhotoVariants(
    services.db,
    orphans.flatMap(({ hash }) => (hash ? [listingPhotoKey(hash)] : [])),
  )
  return { scanned, deleted: orphans.length }
}

/** One pass with its one log line; what the schedule and `npm run uploads:cleanup` run. */
export function runListingPhotoCleanup(services: ListingPhotoCleanupServices): Promise<ListingPhotoCleanupResult> {
  return loggedJob('listing-photos.cleanup', () => cleanupListingPhotoCopies(services), { graceHours: services.config.uploadCleanupGraceHours })
}

/** Runs the pass hourly in this process (the scheduled-jobs worker), never two at once. Returns what stops it. */
export function startListingPhotoCleanup(services: ListingPhotoCleanupServices): () => void {
  let running = false
  const tick = () => {
    if (running) return
    running = true
    runListingPhotoCleanup(services)
      .catch(() => undefined)
      .finally(() => {
        running = false
      })
  }
  return repeatEvery(CLEANUP_INTERVAL_MS, FIRST_RUN_DELAY_MS, tick)
}
