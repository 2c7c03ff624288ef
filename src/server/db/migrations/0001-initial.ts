import type { Kysely } from 'kysely'

// Written once for both SQLite and PostgreSQL: only portable column types, no
// database-specific defaults, names in snake_case (DESIGN §4).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('realtor')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('desired_url', 'text', (column) => column.notNull())
    .addColumn('desired_url_key', 'text', (column) => column.notNull().unique())
    .addColumn('hompage_url', 'text')
    .addColumn('hompage_host', 'text', (column) => column.unique())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('contact_phone', 'text')
    .addColumn('company_phone', 'text')
    .addColumn('phone_country_code', 'text', (column) => column.notNull())
    .addColumn('kakao_link', 'text')
    .addColumn('sns_youtube_url', 'text')
    .addColumn('sns_instagram_url', 'text')
    .addColumn('recommended_youtube_url', 'text')
    .addColumn('about_me_kr', 'text')
    .addColumn('about_me_en', 'text')
    .addColumn('sales_count', 'integer')
    .addColumn('last_year_sales_total', 'bigint')
    .addColumn('license_number', 'text')
    .addColumn('career_start', 'text')
    .addColumn('career_end', 'text')
    .addColumn('design_font_size', 'integer', (column) => column.notNull())
    .addColumn('design_main_color', 'text', (column) => column.notNull())
    .addColumn('design_main_dark_mode', 'text', (column) => column.notNull())
    .addColumn('content_dark_mode', 'text', (column) => column.notNull())
    .addColumn('is_make_homepage', 'text', (column) => column.notNull())
    .addColumn('display_name_ko', 'text')
    .addColumn('display_name_en', 'text')
    .addColumn('brokerage_name', 'text')
    .addColumn('brokerage_license_number', 'text')
    .addColumn('brokerage_address', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('realtor_user_id_idx').on('realtor').column('user_id').execute()
  await db.schema
    .createIndex('realtor_published_idx')
    .on('realtor')
    .columns(['is_make_homepage', 'updated_at'])
    .execute()

  await db.schema
    .createTable('realtor_photo')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('image_type', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('realtor_photo_realtor_idx').on('realtor_photo').columns(['realtor_id', 'sort_order']).execute()

  await db.schema
    .createTable('activity_region')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('city_key', 'text', (column) => column.notNull())
    .addColumn('neighborhood', 'text')
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('activity_region_realtor_idx').on('activity_region').column('realtor_id').execute()
  await db.schema
    .createIndex('activity_region_place_idx')
    .on('activity_region')
    .columns(['state', 'city_key', 'realtor_id'])
    .execute()

  await db.schema
    .createTable('additional_section')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('title_ko', 'text')
    .addColumn('title_en', 'text')
    .addColumn('body_ko', 'text')
    .addColumn('body_en', 'text')
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('additional_section_realtor_idx')
    .on('additional_section')
    .columns(['realtor_id', 'sort_order'])
    .execute()

  await db.schema
    .createTable('seo_meta')
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('lang', 'text', (column) => column.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('keywords', 'text')
    .addColumn('author', 'text')
    .addPrimaryKeyConstraint('seo_meta_pk', ['realtor_id', 'lang'])
    .execute()

  await db.schema
    .createTable('contact_message')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull())
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('phone', 'text', (column) => column.notNull())
    .addColumn('phone_country_code', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('listing_key', 'text')
    .addColumn('is_term', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('delivery_state', 'text', (column) => column.notNull())
    .addColumn('delivery_attempts', 'integer', (column) => column.notNull())
    .addColumn('last_delivery_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('contact_message_inbox_idx')
    .on('contact_message')
    .columns(['realtor_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('contact_message_outbox_idx')
    .on('contact_message')
    .columns(['delivery_state', 'next_attempt_at'])
    .execute()

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('window_start', 'bigint', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limit', 'contact_message', 'seo_meta', 'additional_section', 'activity_region', 'realtor_photo', 'realtor']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
