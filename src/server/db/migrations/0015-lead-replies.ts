import type { Kysely } from 'kysely'

/*
 * Issue 26 items 1 and 3: the instant reply to a new lead and the realtor's daily digest
 * (decision 021).
 *
 * - `realtor_lead_settings`: one row per realtor who changed anything; no row means every
 *   default. The reply's subject and body per language are NULL while the realtor keeps the
 *   default wording, so a realtor who never edits gets the translated default of the day
 *   (a better translation reaches them too). The digest's language, time zone, hour and
 *   switch live here as well: they belong to the lead desk, not to the public homepage.
 * - `mail_suppression`: addresses no instant reply or digest may go to (a bounce, a
 *   complaint, an unsubscribe, a manual entry). Global on purpose: an address that bounced
 *   bounces for every realtor, and a person who unsubscribed from one realtor's alerts did
 *   not ask another realtor's robot to write to them either.
 * - `lead_digest_run`: the claim of one realtor's digest for one local day. Its primary key
 *   makes "once per day across workers" a unique insert in the same transaction as the mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('realtor_lead_settings')
    .addColumn('realtor_id', 'text', (column) => column.primaryKey().references('realtor.id').onDelete('cascade'))
    .addColumn('reply_enabled', 'integer', (column) => column.notNull())
    .addColumn('reply_subject_ko', 'text')
    .addColumn('reply_body_ko', 'text')
    .addColumn('reply_subject_en', 'text')
    .addColumn('reply_body_en', 'text')
    /** The realtor's own language for the digest: `ko` or `en`. */
    .addColumn('lang', 'text', (column) => column.notNull())
    /** IANA time zone of the realtor's day (digest hour, follow-up dates). */
    .addColumn('time_zone', 'text', (column) => column.notNull())
    .addColumn('digest_hour', 'integer', (column) => column.notNull())
    .addColumn('digest_enabled', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('mail_suppression')
    /** Lowercase, trimmed address (as `lead.email_key`). */
    .addColumn('email_key', 'text', (column) => column.primaryKey())
    /** `bounce`, `complaint`, `unsubscribe`, `manual`. */
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('lead_digest_run')
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    /** YYYY-MM-DD in the realtor's time zone. */
    .addColumn('local_date', 'text', (column) => column.notNull())
    .addColumn('mail_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('lead_digest_run_pk', ['realtor_id', 'local_date'])
    .execute()

  // The sender looks for pending replies; the daily limit for replies sent to one address.
  await db.schema.createIndex('lead_reply_state_idx').on('lead').columns(['reply_state', 'created_at']).execute()
  await db.schema.createIndex('lead_reply_sent_idx').on('lead').columns(['realtor_id', 'email_key', 'reply_sent_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('lead_reply_sent_idx').execute()
  await db.schema.dropIndex('lead_reply_state_idx').execute()
  await db.schema.dropTable('lead_digest_run').execute()
  await db.schema.dropTable('mail_suppression').execute()
  await db.schema.dropTable('realtor_lead_settings').execute()
}
