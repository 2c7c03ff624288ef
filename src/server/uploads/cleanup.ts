import type { AppServices } from '~/server/services'
import { storedPhotoKey } from './photo-address'
import { forgetPhotoVariants } from './photo-variants'
import { originalKeyOf, UPLOADS_ROOT_PREFIX, type StorageDriver } from './storage'
import { loggedJob, repeatEvery } from '~/server/logging/job-log'

/*
 * Uploads no realtor shows are removed after a grace period (issue 17). They pile up otherwise:
 * a photo uploaded and never saved (the editor closed, the upload replaced), a realtor's files
 * when their account is gone, a temp file left by a crash. Dropping a photo from a saved page
 * deletes its file at once (realtors.ts); this catches everything that path never sees.
 */

export type UploadCleanupResult = {
  /** Objects under the uploads folder. */
  scanned: number
  /** Objects removed: older than the grace period and named by no realtor's photos. */
  deleted: number
}

export type UploadCleanupServices = Pick<AppServices, 'db' | 'storage' | 'now' | 'config'>

const DELETE_BATCH = 200

/** The hourly schedule: often enough that orphans do not pile up, rare enough to cost nothing. */
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60_000
/** The first run after a start, so a server restarted more often than hourly still cleans up. */
const FIRST_RUN_DELAY_MS = 5 * 60_000

/**
 * The keys a stored photo may name: its key (photo-address.ts). A URL row left from before
 * keys were stored counts too, through the store's reading of it or any path that contains an
 * uploads key (a URL saved under an earlier public base): a file kept too long costs far less
 * than a photo lost.
 */
function keysNamedBy(storage: StorageDriver, url: string): Array<string> {
  const stored = storedPhotoKey(url)
  if (stored !== undefined) return [stored]
  const keys: Array<string> = []
  const key = storage.keyFromUrl(url)
  if (key) keys.push(key)
  const path = url.split(/[?#]/)[0] ?? url
  const at = path.indexOf(`/${UPLOADS_ROOT_PREFIX}`)
  if (at >= 0) keys.push(path.slice(at + 1))
  return keys
}

/**
 * The original of every upload some realtor's photo list or post names. Originals, because a derived
 * file (a gallery photo's `.thumb.webp`, a width variant's `.w640.webp`) is kept exactly as long as the photo it was made
 * from, whichever of the two the list names.
 */
async function referencedOriginals(services: UploadCleanupServices): Promise<Set<string>> {
  const originals = new Set<string>()
  const keep = (url: string) => {
    for (const key of keysNamedBy(services.storage, url)) originals.add(originalKeyOf(key))
  }
  const rows = await services.db.selectFrom('realtorPhoto').select('url').distinct().execute()
  for (const { url } of rows) keep(url)
  // A post's cover and the photos in its text (issue 28) are uploads too; a post of any status
  // keeps them, as a draft is a post the realtor means to publish.
  const posts = await services.db.selectFrom('post').select(['coverPhoto', 'bodyKo', 'bodyEn']).execute()
  for (const post of posts) {
    if (post.coverPhoto) keep(post.coverPhoto)
    for (const body of [post.bodyKo, post.bodyEn]) for (const src of imageSourcesOf(body ?? '')) keep(src)
  }
  return originals
}

/** The `src` of every image in a stored (sanitised) post body: the sanitiser writes them double-quoted. */
function imageSourcesOf(html: string): Array<string> {
  return [...html.matchAll(/<img\b[^>]*?\bsrc="([^"]*)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'))
}

/**
 * One pass: lists the uploads folder, keeps every object a realtor's photos name (with its
 * derived variants) and every object younger than the grace period, and deletes the rest.
 * Safe to run in several processes at once: deleting a deleted object is no error.
 */
export async function cleanupUnreferencedUploads(services: UploadCleanupServices): Promise<UploadCleanupResult> {
  const cutoff = services.now().getTime() - services.config.uploadCleanupGraceHours * 3_600_000
  // The store is listed before the photo lists are read: a photo saved meanwhile is then among
  // the references, and a file uploaded meanwhile is young, so neither can be taken for an orphan.
  const old: Array<string> = []
  let scanned = 0
  for await (const object of services.storage.list(UPLOADS_ROOT_PREFIX)) {
    scanned += 1
    if (object.lastModified.getTime() < cutoff) old.push(object.key)
  }
  if (old.length === 0) return { scanned, deleted: 0 }
  const referenced = await referencedOriginals(services)
  const orphans = old.filter((key) => !referenced.has(originalKeyOf(key)))
  for (let start = 0; start < orphans.length; start += DELETE_BATCH) {
    await services.storage.delete(orphans.slice(start, start + DELETE_BATCH))
  }
  // After the files: a row outliving its files for a moment names variants of a photo no page shows.
  await forgetPhotoVariants(
    services.db,
    orphans.filter((key) => originalKeyOf(key) === key),
  )
  return { scanned, deleted: orphans.length }
}

/** One pass with its one log line; what the schedule and `npm run uploads:cleanup` run. */
export async function runUploadCleanup(services: UploadCleanupServices): Promise<UploadCleanupResult> {
  return loggedJob('uploads.cleanup', () => cleanupUnreferencedUploads(services), { graceHours: services.config.uploadCleanupGraceHours })
}

/**
 * Runs the cleanup hourly in this process; a pass still running when the next is due is not
 * doubled. Only one process should call this (services.ts: the scheduled-jobs worker). Returns
 * what stops it.
 */
export function startUploadCleanup(services: UploadCleanupServices): () => void {
  let running = false
  const tick = () => {
    if (running) return
    running = true
    // Its line is written by runUploadCleanup, failed or not.
    runUploadCleanup(services)
      .catch(() => undefined)
      .finally(() => {
        running = false
      })
  }
  return repeatEvery(UPLOAD_CLEANUP_INTERVAL_MS, FIRST_RUN_DELAY_MS, tick)
}
