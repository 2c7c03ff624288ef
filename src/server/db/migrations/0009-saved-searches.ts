import type { Kysely } from 'kysely'
import { confirmedSubscriptionColumns, subscriberColumns } from './columns'

/*
 * Issue 13: saved searches and new-listing alerts.
 *
 * - `home_change`: what an import changed that a visitor may want to hear about (a new listing,
 *   a lower price), written in the same transaction as the listing itself, so a crash between
 *   storing listings and matching searches loses nothing. The matcher consumes rows with no
 *   `matched_at` in one query per batch and then stamps them.
 * - `saved_search`: one visitor's filters on one realtor's site, with their address, language,
 *   frequency, status and the consent they gave (the same record as a contact message keeps).
 *   Deleted with the realtor.
 * - `saved_search_match`: each home a search should hear about, once per reason
 *   (`alert_key` is `new` or `drop:<price>`): the unique key is what makes "never the same home
 *   twice for the same reason" hold across imports, processes and retries.
 * - `mail_outbox`: mails other than contact messages (confirmations, alerts), stored before
 *   they are sent and claimed once across processes, as contact messages are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('home_change')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('home_id', 'text', (column) => column.notNull().references('home.id').onDelete('cascade'))
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('list_price', 'double precision', (column) => column.notNull())
    .addColumn('previous_price', 'double precision')
    .addColumn('changed_at', 'text', (column) => column.notNull())
    .addColumn('matched_at', 'text')
    .execute()
  await db.schema.createIndex('home_change_pending_idx').on('home_change').columns(['matched_at', 'changed_at']).execute()

  await db.schema
    .createTable('saved_search')
    .$call(subscriberColumns)
    .addColumn('frequency', 'text', (column) => column.notNull())
    // The filters, as columns so one SQL statement matches every search against a batch.
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('city_key', 'text', (column) => column.notNull())
    .addColumn('listing_type', 'text')
    .addColumn('min_price', 'double precision')
    .addColumn('max_price', 'double precision')
    .addColumn('min_beds', 'integer')
    .addColumn('min_baths', 'integer')
    .addColumn('sort', 'text', (column) => column.notNull())
    /** The filters in one string: the same visitor saving the same search again is one search. */
    .addColumn('filters_key', 'text', (column) => column.notNull())
    /** Status: `pending` (not confirmed), `active`, `paused` (by the realtor), `unsubscribed`. */
    .$call(confirmedSubscriptionColumns)
    .addColumn('last_alerted_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .execute()
  await db.schema.createIndex('saved_search_realtor_idx').on('saved_search').columns(['realtor_id', 'created_at']).execute()
  await db.schema.createIndex('saved_search_match_idx').on('saved_search').columns(['status', 'state', 'city_key']).execute()
  await db.schema.createIndex('saved_search_unique_idx').on('saved_search').columns(['realtor_id', 'email_key', 'filters_key']).unique().execute()

  await db.schema
    .createTable('saved_search_match')
    .addColumn('saved_search_id', 'text', (column) => column.notNull().references('saved_search.id').onDelete('cascade'))
    .addColumn('home_id', 'text', (column) => column.notNull().references('home.id').onDelete('cascade'))
    .addColumn('alert_key', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('list_price', 'double precision', (column) => column.notNull())
    .addColumn('previous_price', 'double precision')
    .addColumn('matched_at', 'text', (column) => column.notNull())
    .addColumn('alerted_at', 'text')
    .addColumn('outbox_id', 'text')
    .addPrimaryKeyConstraint('saved_search_match_pk', ['saved_search_id', 'home_id', 'alert_key'])
    .execute()
  await db.schema.createIndex('saved_search_match_pending_idx').on('saved_search_match').columns(['alerted_at', 'saved_search_id']).execute()

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** `saved-search-confirm` or `saved-search-alert`. */
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('realtor_id', 'text', (column) => column.references('realtor.id').onDelete('cascade'))
    .addColumn('saved_search_id', 'text', (column) => column.references('saved_search.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('from_name', 'text', (column) => column.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text')
    /** JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
    .addColumn('headers', 'text')
    /** `outbox`, `sending` (claimed until next_attempt_at), `sent`. */
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute()
  await db.schema.createIndex('mail_outbox_state_idx').on('mail_outbox').columns(['state', 'next_attempt_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute()
  await db.schema.dropTable('saved_search_match').execute()
  await db.schema.dropTable('saved_search').execute()
  await db.schema.dropTable('home_change').execute()
}
