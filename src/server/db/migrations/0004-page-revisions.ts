import { sql, type Kysely } from 'kysely'

/*
 * The page store (issue 12, decision 009). A public page is rendered once per version of
 * what it shows; these rows are those versions, shared by every process on the database:
 * - `page_revision`: one counter per kind of change ('site' moves on every change a visitor
 *   could see, 'realtors' on any realtor's write, 'listings' on any import), read by every
 *   process before it answers from its store;
 * - `realtor.revision`: moves on each write of that realtor, so a save invalidates that
 *   realtor's pages only;
 * - `page_font`: the characters behind a page font's URL, so any process can make the font a
 *   page names (decision 008 kept them in the memory of the process that rendered the page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_revision')
    .addColumn('scope', 'text', (column) => column.primaryKey())
    .addColumn('revision', 'integer', (column) => column.notNull())
    .execute()
  await sql`insert into page_revision (scope, revision) values ('site', 1), ('realtors', 1), ('listings', 1)`.execute(db)
  await db.schema
    .alterTable('realtor')
    .addColumn('revision', 'integer', (column) => column.notNull().defaultTo(1))
    .execute()
  await db.schema
    .createTable('page_font')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('characters', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_font').execute()
  await db.schema.alterTable('realtor').dropColumn('revision').execute()
  await db.schema.dropTable('page_revision').execute()
}
