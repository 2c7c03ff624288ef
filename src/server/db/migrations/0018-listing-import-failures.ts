import type { Kysely } from 'kysely'

/*
 * Issue 32 item 5: every listings import run is recorded, failed ones included. Until now only
 * a successful run left a trace (listing_import_state's last run); a feed that was down, a
 * revoked token or a malformed page showed nothing to the platform admin but an ageing time.
 *
 * `listing_import_run`: one row per run of a source, written when it ends, with its outcome
 * (`succeeded` | `failed`), the error of a failed run (credentials stripped), what it counted
 * up to then, and for a success after failures, how many failed runs it recovered from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listing_import_run')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('error', 'text')
    .addColumn('fetched', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('inserted', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('rejected', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('retired', 'integer', (column) => column.notNull().defaultTo(0))
    /** On a success: the failed runs since the previous success (0 when none failed). */
    .addColumn('recovered_from_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('listing_import_run_source_idx').on('listing_import_run').columns(['source', 'finished_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('listing_import_run').execute()
}
