import type { Kysely } from 'kysely'

/*
 * Issue 29: a map area's homes (`bbox` on `home/list`, `home/points`) in one index range scan on
 * SQLite and PostgreSQL alike (decision 035). The equality columns come first, as the list
 * indexes of migration 0003 have them, but with the address flag instead of the city: a map
 * crosses cities, and a hidden address never has a place on it. Then the latitude range; the
 * longitude, price and the answer's other columns ride along so neither engine reads the table
 * to filter or to answer `home/points`. A plain B-tree, not R*Tree or PostGIS: the map's boxes
 * are city- to region-sized, and the latitude band of such a box holds few enough homes that
 * checking the longitude inside the index costs less than a second index structure to keep in
 * step (measured in `npm run bench`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('home_map_idx')
    .on('home')
    .columns([
      'is_listed',
      'listing_type',
      'property_sub_type',
      'standard_status',
      'internet_address_display_yn',
      'latitude',
      'longitude',
      'list_price',
      'on_market_date',
      'id',
      'listing_key',
    ])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('home_map_idx').execute()
}
