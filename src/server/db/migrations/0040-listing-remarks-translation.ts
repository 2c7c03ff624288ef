import type { Kysely } from 'kysely'

/*
 * Issue 54 (decision 071): machine translations of listings' public remarks, and what the
 * translation job shares between processes.
 *
 * - `listing_remarks_translation`: one row per listing and language. `source_hash` is the
 *   SHA-256 (hex) of the remarks it was made from: a page shows the text only while the
 *   listing's remarks still hash to it, and the job sends remarks again only when they do not.
 *   `listing_updated_at` is the listing's `updated_at` when the job last compared the two, so a
 *   later pass reads again only the listings an import has written since (every import rewrites
 *   the row, not necessarily the remarks). Deleted with the listing; a retired listing's rows
 *   are deleted by the job.
 * - `listing_remarks_translation_claim`: a lease on one listing's remarks while one process has
 *   them at the provider, so two processes on one database never send the same text twice.
 * - `translation_budget`: the characters sent to the provider per UTC day, for every process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listing_remarks_translation')
    .addColumn('home_id', 'text', (column) => column.notNull().references('home.id').onDelete('cascade'))
    /** `ko` or `en`. */
    .addColumn('lang', 'text', (column) => column.notNull())
    .addColumn('source_hash', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    /** `deepl`, `google` or `papago`. */
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('translated_at', 'text', (column) => column.notNull())
    .addColumn('listing_updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('listing_remarks_translation_pk', ['home_id', 'lang'])
    .execute()

  await db.schema
    .createTable('listing_remarks_translation_claim')
    .addColumn('home_id', 'text', (column) => column.notNull().references('home.id').onDelete('cascade'))
    .addColumn('lang', 'text', (column) => column.notNull())
    .addColumn('claimed_by', 'text', (column) => column.notNull())
    /** Past this time another process may take the listing over (its holder died or hangs). */
    .addColumn('lease_until', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('listing_remarks_translation_claim_pk', ['home_id', 'lang'])
    .execute()

  await db.schema
    .createTable('translation_budget')
    /** YYYY-MM-DD in UTC. */
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('chars_used', 'integer', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_budget').execute()
  await db.schema.dropTable('listing_remarks_translation_claim').execute()
  await db.schema.dropTable('listing_remarks_translation').execute()
}
