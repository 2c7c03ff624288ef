import type { Kysely } from 'kysely'

/*
 * Client reviews a realtor shows on the homepage (issue 14, decision 014): one row per review,
 * in the realtor's order, deleted with the realtor by the foreign key as every other child
 * table. `hidden` is 0/1 (DESIGN §4); `review_date` is YYYY-MM-DD text, not `date`, a type
 * name on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('realtor_testimonial')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('client_name', 'text', (column) => column.notNull())
    .addColumn('city', 'text')
    .addColumn('text_ko', 'text')
    .addColumn('text_en', 'text')
    .addColumn('rating', 'integer')
    .addColumn('review_date', 'text')
    .addColumn('source', 'text')
    .addColumn('source_url', 'text')
    .addColumn('hidden', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('realtor_testimonial_realtor_idx').on('realtor_testimonial').columns(['realtor_id', 'sort_order']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('realtor_testimonial').execute()
}
