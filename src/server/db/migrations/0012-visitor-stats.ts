import type { CreateTableBuilder, Kysely } from 'kysely'

/*
 * Visitor statistics (issue 14, decision 016). No column holds anything about a visitor: no
 * address, cookie, user agent or full referring URL, only what was seen (a realtor's homepage
 * or one of their listing pages, in which language, on which UTC day) and where the visit came
 * from as a class and a host (`search`/`google.com`). Both tables go with their realtor.
 *
 * `visit_event`: what each process flushed, one row per counted key per flush, kept 48 hours
 * (what was written when, to check the daily figures against). `visit_daily`: the sums,
 * kept two years; every flush adds its increments with one upsert in the same transaction as
 * its events, so several workers add up and a flush is counted once or not at all.
 */
const DIMENSIONS = ['realtor_id', 'day', 'lang', 'page_kind', 'listing_key', 'referrer_class', 'referrer_host'] as const

/** The DIMENSIONS, as both tables hold them, in that order. */
function dimensionColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return (
    table
      .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
      .addColumn('day', 'text', (column) => column.notNull())
      .addColumn('lang', 'text', (column) => column.notNull())
      // `home` or `listing`; `listing_key` is '' on the homepage, and `referrer_host` '' when direct.
      .addColumn('page_kind', 'text', (column) => column.notNull())
      .addColumn('listing_key', 'text', (column) => column.notNull())
      .addColumn('referrer_class', 'text', (column) => column.notNull())
      .addColumn('referrer_host', 'text', (column) => column.notNull())
  )
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visit_event')
    .addColumn('flush_id', 'text', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .$call(dimensionColumns)
    .addColumn('views', 'integer', (column) => column.notNull())
    .addColumn('messages', 'integer', (column) => column.notNull())
    .addColumn('saved_searches', 'integer', (column) => column.notNull())
    .addColumn('recorded_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('visit_event_pk', ['flush_id', 'seq'])
    .execute()
  await db.schema.createIndex('visit_event_recorded_idx').on('visit_event').column('recorded_at').execute()
  await db.schema.createIndex('visit_event_realtor_idx').on('visit_event').column('realtor_id').execute()

  await db.schema
    .createTable('visit_daily')
    .$call(dimensionColumns)
    .addColumn('views', 'bigint', (column) => column.notNull())
    .addColumn('messages', 'bigint', (column) => column.notNull())
    .addColumn('saved_searches', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('visit_daily_pk', [...DIMENSIONS])
    .execute()
  // The purge of old days; the panel reads by the primary key's prefix (realtor, day).
  await db.schema.createIndex('visit_daily_day_idx').on('visit_daily').column('day').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visit_daily').execute()
  await db.schema.dropTable('visit_event').execute()
}
