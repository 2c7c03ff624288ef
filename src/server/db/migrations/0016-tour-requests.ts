import type { Kysely } from 'kysely'
import { consentColumns } from './columns'

/*
 * Issue 26 item 4: tour requests (decision 022).
 *
 * - `tour_request`: a visitor's request to see a listed home, in person or by video. Its id is
 *   its lead's id (`lead.id`, kind `tour`). The listing's address and time zone are copied when
 *   the request arrives, so the request still says where and when after the listing is gone.
 *   The visitor's times are stored as JSON, each as the UTC instant and the home's wall clock
 *   it was chosen in. Consent is recorded as contact messages record it (migration 0008):
 *   version, exact words, language, page, time; written once, never rewritten.
 *   `ics_sequence` is the SEQUENCE of the last calendar invitation or cancellation sent, so every
 *   update a calendar receives outranks the one before (RFC 5546).
 * - `mail_outbox.attachments`: a JSON array of files sent with a mail (the tour's `.ics`);
 *   NULL for mails without any.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tour_request')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('listing_key', 'text', (column) => column.notNull())
    .addColumn('listing_address', 'text', (column) => column.notNull())
    /** IANA zone of the home (America/Los_Angeles, America/New_York). */
    .addColumn('time_zone', 'text', (column) => column.notNull())
    /** `in_person` or `video`. */
    .addColumn('mode', 'text', (column) => column.notNull())
    /** JSON: [{ start: ISO UTC, date: YYYY-MM-DD, time: HH:MM }], two or three. */
    .addColumn('slots', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('message', 'text')
    .addColumn('lang', 'text', (column) => column.notNull())
    /** The origin the request was sent from: the mails' links point back to it (as saved searches do). */
    .addColumn('site_origin', 'text', (column) => column.notNull())
    .$call(consentColumns)
    /** `requested`, `confirmed`, `proposed`, `cancelled`, `declined`. */
    .addColumn('status', 'text', (column) => column.notNull())
    /** JSON { start, date, time } of the confirmed or proposed time; NULL before either. */
    .addColumn('confirmed_slot', 'text')
    .addColumn('ics_sequence', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('tour_request_realtor_created_idx').on('tour_request').columns(['realtor_id', 'created_at', 'id']).execute()
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute()
  await db.schema.dropTable('tour_request').execute()
}
