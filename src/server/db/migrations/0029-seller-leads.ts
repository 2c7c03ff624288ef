import type { Kysely } from 'kysely'
import { consentColumns } from './columns'

/*
 * Issue 27 item 2: seller leads. A visitor who valued a home on the realtor's home-value page
 * asks the realtor for a personal valuation. Its id is its lead's id (`lead.id`, kind `seller`).
 * The valuation's inputs (the address and the home's facts) are kept as the visitor gave them,
 * with the range they were shown (NULL when there were too few comparables for one), so the
 * realtor starts where the visitor left off. Consent is recorded as for messages and tours:
 * version, exact words, language, page, time; written once, never rewritten.
 *
 * Numbered 0029, not the 0022 issue 27 once reserved: 0023–0028 are released, and the migrator
 * runs migrations in order only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seller_lead')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    /** The language the visitor prefers to be answered in: `ko` or `en`. */
    .addColumn('lang', 'text', (column) => column.notNull())
    /** When they think of selling: `0-3`, `3-6`, `6-12` (months) or `curious`. */
    .addColumn('timeframe', 'text', (column) => column.notNull())
    .addColumn('street', 'text', (column) => column.notNull())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('postal_code', 'text', (column) => column.notNull())
    .addColumn('property_type', 'text', (column) => column.notNull())
    .addColumn('beds', 'integer', (column) => column.notNull())
    .addColumn('baths', 'integer', (column) => column.notNull())
    /** Square feet. */
    .addColumn('living_area', 'double precision', (column) => column.notNull())
    .addColumn('year_built', 'integer')
    .addColumn('estimate_low', 'double precision')
    .addColumn('estimate_typical', 'double precision')
    .addColumn('estimate_high', 'double precision')
    .addColumn('comparable_count', 'integer', (column) => column.notNull())
    /** The origin the lead was sent from: the mail's links point back to it. */
    .addColumn('site_origin', 'text', (column) => column.notNull())
    .$call(consentColumns)
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('seller_lead_realtor_created_idx').on('seller_lead').columns(['realtor_id', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seller_lead').execute()
}
