import type { Kysely } from 'kysely'

/*
 * Issue 31 item 3: which width variants (`{key}.w640.webp`, decision 050) exist for a stored
 * photo. A page names a variant only when this row says it was made, so a photo stored before
 * variants existed keeps its one `src` until `scripts/photo-variants.ts` makes them. One row per
 * original key, written after every variant file is in the store, deleted with the files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photo_variant')
    .addColumn('key', 'text', (column) => column.primaryKey())
    // `640,1024,1600`, smallest first: the widths whose `{key}.w{width}.webp` files exist.
    .addColumn('widths', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_variant').execute()
}
