import { reviseRealtorPages } from '~/server/pages/realtor-page-revisions'
import { announcePurge, realtorSurrogateKeys } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'
import { storedPhotoKey } from './photo-address'
import { ensurePhotoVariants, type EnsureVariantsResult } from './photo-variants'
import { originalKeyOf } from './storage'

export type BackfillServices = Pick<AppServices, 'db' | 'storage' | 'now' | 'config'>

export type BackfillResult = EnsureVariantsResult & { realtorsRefreshed: number }

/**
 * `scripts/photo-variants.ts`: width variants for the photos stored before variants existed (or
 * whose variants a save could not make). Every photo a page shows that has no `photo_variant`
 * row is read once from the store (either driver), rendered and stored; photos that have one are
 * skipped, so a second run does nothing. Pages of realtors whose photos gained variants get a new
 * revision (and a CDN purge), so their next render offers the srcset.
 */
export async function backfillPhotoVariants(services: BackfillServices): Promise<BackfillResult> {
  const owners = new Map<string, Set<string>>()
  const own = (stored: string | null, realtorId: string) => {
    const key = stored === null ? undefined : storedPhotoKey(stored)
    // A thumbnail entry is itself derived: variants are made of originals only.
    if (key === undefined || originalKeyOf(key) !== key) return
    const realtors = owners.get(key) ?? new Set<string>()
    realtors.add(realtorId)
    owners.set(key, realtors)
  }
  const [photos, covers] = await Promise.all([
    services.db.selectFrom('realtorPhoto').select(['url', 'realtorId']).execute(),
    services.db.selectFrom('post').select(['coverPhoto', 'realtorId']).where('coverPhoto', 'is not', null).execute(),
  ])
  for (const photo of photos) own(photo.url, photo.realtorId)
  for (const post of covers) own(post.coverPhoto, post.realtorId)

  const result = await ensurePhotoVariants(services, owners.keys())
  const refreshed = [...new Set(result.made.flatMap((made) => [...(owners.get(made.key) ?? [])]))]
  if (refreshed.length > 0) {
    await services.db.transaction().execute((trx) => reviseRealtorPages(trx, services, refreshed))
    announcePurge(services.config.cdnPurge, realtorSurrogateKeys(refreshed))
  }
  return { ...result, realtorsRefreshed: refreshed.length }
}
