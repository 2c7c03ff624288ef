import { sql, type Kysely } from 'kysely'

/*
 * Issue 48 item 8: re-importing an identical file reported every listing "updated" and rewrote
 * it, moved the listings revision, purged every page that shows listings and rewrote the market
 * snapshots. An import now writes only the listings whose fields changed.
 *
 * - `home.content_hash`: a hash of the listing as the importer stores it (its columns and its
 *   photos), written with the row. An incoming listing with the same hash is left alone. Rows
 *   stored before this migration have none: the next import of each writes it once.
 * - `listing_import_run.unchanged`: the listings a run received that were stored already as they
 *   are, counted apart from `updated`.
 * - `listing_import_state.shown_run_at`: the last successful run as pages show it ("Listing data
 *   last updated"). A run that changed listings moves it with the listings revision; a run that
 *   changed nothing moves only `last_run_at` (the admin's freshness check), and `shown_run_at`
 *   follows once it is an hour behind (home-store.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('home').addColumn('content_hash', 'text').execute()
  await db.schema
    .alterTable('listing_import_run')
    .addColumn('unchanged', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('listing_import_state').addColumn('shown_run_at', 'text').execute()
  await sql`update listing_import_state set shown_run_at = last_run_at`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('listing_import_state').dropColumn('shown_run_at').execute()
  await db.schema.alterTable('listing_import_run').dropColumn('unchanged').execute()
  await db.schema.alterTable('home').dropColumn('content_hash').execute()
}
