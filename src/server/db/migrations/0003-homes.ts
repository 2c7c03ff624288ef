import type { Kysely } from 'kysely'

// Listings (issue 6) with RESO Data Dictionary names in snake_case (DESIGN §4). Derived
// columns exist only to make the list query an index range: `is_listed` (not retired and
// allowed on the internet), `listing_type` (sale or rent from PropertyType) and `city_key`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('home')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('listing_key', 'text', (column) => column.notNull().unique())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('is_demo', 'integer', (column) => column.notNull())
    .addColumn('is_listed', 'integer', (column) => column.notNull())
    .addColumn('listing_type', 'text', (column) => column.notNull())
    .addColumn('list_price', 'double precision', (column) => column.notNull())
    .addColumn('standard_status', 'text', (column) => column.notNull())
    .addColumn('property_type', 'text', (column) => column.notNull())
    .addColumn('property_sub_type', 'text', (column) => column.notNull())
    .addColumn('bedrooms_total', 'integer')
    .addColumn('bathrooms_total_integer', 'integer')
    .addColumn('living_area', 'double precision')
    .addColumn('lot_size_square_feet', 'double precision')
    .addColumn('year_built', 'integer')
    .addColumn('unparsed_address', 'text')
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('city_key', 'text', (column) => column.notNull())
    .addColumn('state_or_province', 'text', (column) => column.notNull())
    .addColumn('postal_code', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('public_remarks', 'text')
    .addColumn('list_agent_full_name', 'text')
    .addColumn('list_office_name', 'text')
    .addColumn('on_market_date', 'text', (column) => column.notNull())
    .addColumn('modification_timestamp', 'text', (column) => column.notNull())
    .addColumn('internet_entire_listing_display_yn', 'integer', (column) => column.notNull())
    .addColumn('internet_address_display_yn', 'integer', (column) => column.notNull())
    .addColumn('retired_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()

  const listPrefix = ['is_listed', 'state_or_province', 'city_key', 'listing_type', 'property_sub_type', 'standard_status']
  // Newest first: the default order walks this index and stops after one page. Price,
  // beds and baths ride along so the filters are checked in the index, not the table.
  await db.schema
    .createIndex('home_list_newest_idx')
    .on('home')
    .columns([...listPrefix, 'on_market_date', 'id', 'list_price', 'bedrooms_total', 'bathrooms_total_integer'])
    .execute()
  // Price order and price ranges; beds and baths ride along so counting a filtered group
  // never reads the table.
  await db.schema
    .createIndex('home_list_price_idx')
    .on('home')
    .columns([...listPrefix, 'list_price', 'bedrooms_total', 'bathrooms_total_integer', 'id'])
    .execute()
  await db.schema.createIndex('home_source_idx').on('home').columns(['source', 'retired_at']).execute()

  await db.schema
    .createTable('home_media')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('home_id', 'text', (column) => column.notNull().references('home.id').onDelete('cascade'))
    .addColumn('media_key', 'text')
    .addColumn('media_url', 'text', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('home_media_home_idx').on('home_media').columns(['home_id', 'sort_order']).execute()

  // Where each import source stopped, so the next run asks only for what changed since.
  await db.schema
    .createTable('listing_import_state')
    .addColumn('source', 'text', (column) => column.primaryKey())
    .addColumn('last_modification_timestamp', 'text')
    .addColumn('last_run_at', 'text', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('listing_import_state').execute()
  await db.schema.dropTable('home_media').execute()
  await db.schema.dropTable('home').execute()
}
