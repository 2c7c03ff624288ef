import type { Kysely } from 'kysely'

/*
 * Issue 27 (decision 036): a valuation's comparables in index range scans on SQLite and PostgreSQL
 * alike. The candidate query asks homes of one type in a city, or in a ZIP code, within a band of
 * living area around the home valued (src/server/valuations/comparables.ts); without these it read
 * every home of the city and type (~10,000 of 100,000 in a big city), a second per answer under load.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('home_valuation_city_idx')
    .on('home')
    .columns(['is_listed', 'state_or_province', 'city_key', 'listing_type', 'property_sub_type', 'living_area'])
    .execute()
  await db.schema
    .createIndex('home_valuation_zip_idx')
    .on('home')
    .columns(['is_listed', 'postal_code', 'listing_type', 'property_sub_type', 'living_area'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('home_valuation_zip_idx').execute()
  await db.schema.dropIndex('home_valuation_city_idx').execute()
}
