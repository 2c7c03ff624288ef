import { sql, type Kysely } from 'kysely'

/*
 * When a page font's recipe (`page_font`, decision 051) was last named by a page or asked for
 * by a browser, so recipes nobody uses any more can go (`prunePageFonts`): every distinct text
 * of every page (each listing, each filtered search) kept a row for good. Rows made before count
 * as used when they were made. Added with a constant default, as both databases allow for a
 * NOT NULL column on a filled table, then set from `created_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('page_font')
    .addColumn('used_at', 'text', (column) => column.notNull().defaultTo('1970-01-01T00:00:00.000Z'))
    .execute()
  await sql`update page_font set used_at = created_at`.execute(db)
  await db.schema.createIndex('page_font_used_at').on('page_font').column('used_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('page_font_used_at').execute()
  await db.schema.alterTable('page_font').dropColumn('used_at').execute()
}
