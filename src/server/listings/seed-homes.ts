import { enqueuePurge } from '~/server/cdn-purge/outbox'
import { announcePurge, bumpRevisions } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'
import { storeDemoHomeImages } from './demo-home-images'
import { DEMO_SOURCE, demoHomes } from './demo-homes'
import { countHomes, upsertHomes, writeImportState } from './home-store'
import { alertsAfterImport } from './import-file'
import { seedDemoOpenHouses } from './demo-open-houses'
import { seedDemoMarketHistory } from '~/server/market/snapshots'
import type { HomeRecord } from './reso-property'

const BATCH = 1000

/**
 * Generates `count` demo listings unless demo listings exist already (or `replace` asks to
 * start over). Imported listings are never touched.
 */
export async function seedDemoHomes(
  services: AppServices,
  count: number,
  options: { replace?: boolean; onProgress?: (done: number) => void } = {},
): Promise<{ created: number; skipped: boolean }> {
  if (count <= 0) return { created: 0, skipped: true }
  const existing = await countHomes(services.db, DEMO_SOURCE)
  if (existing > 0 && !options.replace) return { created: 0, skipped: true }
  if (existing > 0) {
    await services.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('home').where('source', '=', DEMO_SOURCE).execute()
      await bumpRevisions(trx, 'listings')
      await enqueuePurge(trx, services, ['listings'])
    })
  }
  const imageKeys = await storeDemoHomeImages(services.storage)
  let batch: Array<HomeRecord> = []
  let created = 0
  const flush = async () => {
    const result = await upsertHomes(services.db, batch, { source: DEMO_SOURCE, isDemo: true, now: services.now() })
    created += result.inserted + result.updated
    batch = []
    options.onProgress?.(created)
  }
  for (const home of demoHomes(count, imageKeys, services.now())) {
    batch.push(home)
    if (batch.length >= BATCH) await flush()
  }
  if (batch.length > 0) await flush()
  // The demo source's "last updated" time on pages, like an import's.
  await writeImportState(services.db, services, DEMO_SOURCE, null, services.now(), { listingsChanged: true })
  await seedDemoOpenHouses(services)
  announcePurge(services.config.cdnPurge, ['listings'])
  // Demo listings are listings like any other to a search saved on a demo site.
  await alertsAfterImport(services)
  // The market reports of the demo cities, with a demonstration year of history (issue 27).
  await seedDemoMarketHistory(services)
  return { created, skipped: false }
}
