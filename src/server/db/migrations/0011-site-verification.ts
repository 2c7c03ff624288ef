import type { Kysely } from 'kysely'

/*
 * A realtor's search-console verifications and analytics tag (issue 14 part 4, decision 015):
 * Google's and Naver's ownership tokens, written into the homepage's head, and a Google Tag
 * Manager or Analytics id, loaded only after a visitor agrees. NULL is "not set", which every
 * realtor saved before this migration is.
 */
const COLUMNS = ['google_site_verification', 'naver_site_verification', 'tag_manager_id'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of COLUMNS) {
    await db.schema.alterTable('realtor').addColumn(column, 'text').execute()
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('realtor').dropColumn(column).execute()
  }
}
