import type { Kysely } from 'kysely'

/*
 * Issue 27: what a seller's valuation and a city's market report are computed from.
 *
 * - `close_price` / `close_date` (RESO ClosePrice, CloseDate; YYYY-MM-DD): set on a sold
 *   (`Closed`) listing when the feed gives them. Whether a page may show them is the source's
 *   MLS display profile (`soldData`), not this column: a store may hold sold data that a page
 *   must not reveal.
 * - `original_list_price` (RESO OriginalListPrice): a listing whose `list_price` is below it has
 *   had a price reduction. NULL when the feed does not say.
 */
/* Prices are `double precision` as `list_price` is (migration 0003), so they compare without casts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('home').addColumn('close_price', 'double precision').execute()
  await db.schema.alterTable('home').addColumn('close_date', 'text').execute()
  await db.schema.alterTable('home').addColumn('original_list_price', 'double precision').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('home').dropColumn('original_list_price').execute()
  await db.schema.alterTable('home').dropColumn('close_date').execute()
  await db.schema.alterTable('home').dropColumn('close_price').execute()
}
