import type { Kysely } from 'kysely'
import type { Database } from '~/server/db/schema'
import { repeatEvery, scheduledJob } from '~/server/logging/job-log'

/*
 * Page fonts' recipes (`page_font`, decision 051) that no page named and no browser asked for in
 * months go: every distinct text of every page (each listing, each filtered search) kept its row
 * for good. A page stored since then that still names such a font gets a 404 for it, and its
 * font stack falls back to Pretendard's unicode-range subsets, as for any font that cannot be
 * made; its next render keeps the recipe again.
 */

/** Unused this long, a recipe goes: longer than any page is kept unread by the page store or a CDN in practice. */
export const PAGE_FONT_UNUSED_DAYS = 90

const DAY_MS = 24 * 60 * 60_000
const FIRST_PRUNE_DELAY_MS = 7 * 60_000

/** Deletes the recipes last used before `PAGE_FONT_UNUSED_DAYS` ago. Any process may run it, any number of times. */
export async function prunePageFonts(db: Kysely<Database>, now: Date): Promise<number> {
  const unusedSince = new Date(now.getTime() - PAGE_FONT_UNUSED_DAYS * DAY_MS).toISOString()
  const result = await db.deleteFrom('pageFont').where('usedAt', '<', unusedSince).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The daily prune, with the other scheduled jobs (worker 0). */
export function startPageFontPrune(services: { db: Kysely<Database>; now: () => Date }): () => void {
  return repeatEvery(DAY_MS, FIRST_PRUNE_DELAY_MS, () => {
    void scheduledJob('page-font.prune', () => prunePageFonts(services.db, services.now()))
  })
}
