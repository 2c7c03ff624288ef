import type { Kysely } from 'kysely'

/*
 * Issue 26 item 5: open houses (decision 023).
 *
 * - `source` `mls`: read from the feed's OpenHouse resource (or a file's OpenHouse array),
 *   keyed by the feed's OpenHouseKey (`source_key`, unique per source: two MLS feeds could
 *   reuse a key). `realtor_id` is NULL.
 * - `source` `realtor`: added by a realtor on a listing their site shows; shown only on that
 *   realtor's pages. `source_key` is NULL (NULLs never collide in a unique index, on both databases).
 * - `starts_at` / `ends_at`: ISO-8601 UTC. `time_zone`: the listing's zone (CA Los Angeles,
 *   GA New York), kept with the row so a page names it and an .ics states it without a lookup.
 * - Ended rows are deleted (by every import and the daily purge) and never shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('open_house')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('home_id', 'text', (column) => column.notNull().references('home.id').onDelete('cascade'))
    /** `mls` or `realtor`. */
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('realtor_id', 'text', (column) => column.references('realtor.id').onDelete('cascade'))
    /** The feed's OpenHouseKey (its source is the listing source, e.g. `reso:api.mls.example`); NULL for a realtor's. */
    .addColumn('feed_source', 'text')
    .addColumn('source_key', 'text')
    .addColumn('starts_at', 'text', (column) => column.notNull())
    .addColumn('ends_at', 'text', (column) => column.notNull())
    .addColumn('time_zone', 'text', (column) => column.notNull())
    /** `in_person` or `virtual`. */
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('remarks', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('open_house_feed_key_idx').unique().on('open_house').columns(['feed_source', 'source_key']).execute()
  // The batched read of a page's homes, in start order.
  await db.schema.createIndex('open_house_home_idx').on('open_house').columns(['home_id', 'starts_at']).execute()
  await db.schema.createIndex('open_house_ends_idx').on('open_house').columns(['ends_at']).execute()
  await db.schema.createIndex('open_house_realtor_idx').on('open_house').columns(['realtor_id', 'starts_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('open_house').execute()
}
