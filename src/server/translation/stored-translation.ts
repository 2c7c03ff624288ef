import type { Kysely } from 'kysely'
import type { Database, TranslationLang } from '~/server/db/schema'
import { sourceHash } from './remarks-hash'

/*
 * What a page reads of the translation job's work (issue 54 item 3). A stored translation is
 * shown only while the listing's remarks still hash to what was translated: after an import
 * changed the remarks, the page shows the original (and "translation pending") until the job
 * has caught up, never a translation of words the listing no longer says.
 */

export type StoredRemarksTranslation = { text: string; provider: string; translatedAt: string }

/** The translation of one listing's current `remarks` into `lang`; undefined when none matches them. */
export async function storedRemarksTranslation(
  db: Kysely<Database>,
  listing: { homeId: string; remarks: string | null },
  lang: TranslationLang,
): Promise<StoredRemarksTranslation | undefined> {
  return (await storedRemarksTranslations(db, [listing], lang)).get(listing.homeId)
}

/** The same for several listings in one read, by listing id; listings without a matching translation are missing. */
export async function storedRemarksTranslations(
  db: Kysely<Database>,
  listings: ReadonlyArray<{ homeId: string; remarks: string | null }>,
  lang: TranslationLang,
): Promise<ReadonlyMap<string, StoredRemarksTranslation>> {
  const wanted = listings.filter((listing) => listing.remarks !== null && listing.remarks.trim() !== '')
  if (wanted.length === 0) return new Map()
  const rows = await db
    .selectFrom('listingRemarksTranslation')
    .select(['homeId', 'sourceHash', 'text', 'provider', 'translatedAt'])
    .where('lang', '=', lang)
    .where(
      'homeId',
      'in',
      wanted.map((listing) => listing.homeId),
    )
    .execute()
  const byId = new Map(rows.map((row) => [row.homeId, row]))
  const found = new Map<string, StoredRemarksTranslation>()
  for (const listing of wanted) {
    const row = byId.get(listing.homeId)
    if (row && listing.remarks !== null && row.sourceHash === sourceHash(remarksToTranslate(listing.remarks)))
      found.set(listing.homeId, { text: row.text, provider: row.provider, translatedAt: row.translatedAt })
  }
  return found
}

/** The remarks as the job sends them: trimmed, line ends as `\n`, so a feed's CRLF or trailing space is no change. */
export function remarksToTranslate(remarks: string): string {
  return remarks.replace(/\r\n?/g, '\n').trim()
}
