import type { Kysely } from 'kysely'

/*
 * A realtor's own Korean name for a city they serve (issue 51 item 7, decision 065): it wins over
 * the platform's table of Korean place names (src/lib/place-names.ts) on their Korean pages. A
 * nullable column: both databases add it to a filled table without a default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activity_region').addColumn('city_ko', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activity_region').dropColumn('city_ko').execute()
}
