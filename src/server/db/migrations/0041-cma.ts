import type { Kysely } from 'kysely'

/*
 * Issue 53 part 2 (decision 074): a realtor's comparative market analyses.
 *
 * - `cma`: the subject (the inputs of `POST /valuations`, as JSON), the seller lead it was
 *   started from (NULL for a typed address; the CMA outlives its lead, so SET NULL), the
 *   recommended range, the note, `draft` or `sent`.
 * - `cma_comparable`: every candidate the CMA was offered, in match order, with the facts the
 *   listing had when chosen (a listing changes or leaves; the report must not), the adjustment
 *   grid as JSON and the adjusted price the server computed from it. A comparable whose MLS
 *   withholds its address is stored without address, ZIP or distance: nothing later can leak them.
 * - `cma_share`: share links. The token is 32 random bytes (base64url): the whole authority of a
 *   visitor's read, unique, never reused; a link is revoked (kept, so an old link stays dead) or
 *   expires. At most one link per CMA is live: a new one revokes the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cma')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (column) => column.references('lead.id').onDelete('set null'))
    /** JSON: the `cmaSubjectSchema` object. */
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('recommended_low', 'double precision')
    .addColumn('recommended_high', 'double precision')
    .addColumn('note', 'text', (column) => column.notNull())
    /** `draft` or `sent`. */
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('cma_realtor_updated_idx').on('cma').columns(['realtor_id', 'updated_at', 'id']).execute()

  await db.schema
    .createTable('cma_comparable')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('cma_id', 'text', (column) => column.notNull().references('cma.id').onDelete('cascade'))
    /** The match order, 0 first. */
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('listing_key', 'text', (column) => column.notNull())
    .addColumn('picked', 'integer', (column) => column.notNull())
    /** `sold`, `active` or `pending`. */
    .addColumn('status', 'text', (column) => column.notNull())
    /** `sold` (a close price) or `listed` (an asking price). */
    .addColumn('basis', 'text', (column) => column.notNull())
    .addColumn('price', 'double precision', (column) => column.notNull())
    .addColumn('date', 'text', (column) => column.notNull())
    /** NULL when the MLS withholds the address; then postal_code and distance_miles are NULL too. */
    .addColumn('address', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('distance_miles', 'double precision')
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('beds', 'double precision')
    .addColumn('baths', 'double precision')
    .addColumn('living_area', 'double precision', (column) => column.notNull())
    .addColumn('year_built', 'integer')
    .addColumn('lot_size_square_feet', 'double precision')
    /** The stored photo address (a storage key or the feed's URL) of the listing's first photo. */
    .addColumn('photo', 'text')
    /** JSON: the `cmaAdjustmentsSchema` grid. */
    .addColumn('adjustments', 'text', (column) => column.notNull())
    .addColumn('adjusted_price', 'double precision', (column) => column.notNull())
    .addColumn('match_score', 'double precision', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('cma_comparable_cma_idx').on('cma_comparable').columns(['cma_id', 'position']).execute()

  await db.schema
    .createTable('cma_share')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('cma_id', 'text', (column) => column.notNull().references('cma.id').onDelete('cascade'))
    .addColumn('token', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('cma_share_cma_idx').on('cma_share').columns(['cma_id', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cma_share').execute()
  await db.schema.dropTable('cma_comparable').execute()
  await db.schema.dropTable('cma').execute()
}
