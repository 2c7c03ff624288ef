import { sql, type Kysely } from 'kysely'

/*
 * Issue 26: one model for every kind of lead (decision 020).
 *
 * - `lead`: the pipeline record of one lead, whatever its kind: a contact message, a confirmed
 *   saved search, a tour request, a seller lead. Its `id` is the id of the kind's own row
 *   (`contact_message.id`, `saved_search.id`, …), so ids are unique across kinds and a kind's
 *   row and its lead are found from either side. The kind's row keeps what only that kind has
 *   (a message's text, a search's filters, a tour's slots); the lead row keeps what the realtor
 *   works with for every kind: who, in which language, from which page, the stage, the next
 *   follow-up and whether the instant reply went out. The inbox lists this table alone.
 * - `lead_note`: the realtor's private notes on a lead, dated, gone with it.
 *
 * Existing rows become leads here: every contact message, and every saved search that was
 * confirmed (a pending one is not a lead until its owner confirms it). A message's `status`
 * keeps its meaning on its own endpoints; for the stage, `new` and `read` start at `new` (a
 * read message has not been answered), `handled` becomes `contacted` (the realtor answered).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    /** `message`, `saved_search`, `tour`, `seller`. */
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('email', 'text', (column) => column.notNull())
    /** Lowercase e-mail: search and the one-reply-per-address-per-day rule compare this. */
    .addColumn('email_key', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    /** The language the visitor used: `ko` or `en`. */
    .addColumn('lang', 'text', (column) => column.notNull())
    /** The path of the page the lead came from (a homepage, a listing page, …). */
    .addColumn('source_page', 'text')
    .addColumn('listing_key', 'text')
    /** `new`, `contacted`, `appointment`, `client`, `closed`, `archived`. */
    .addColumn('stage', 'text', (column) => column.notNull())
    .addColumn('stage_changed_at', 'text', (column) => column.notNull())
    /** YYYY-MM-DD, the realtor's own day; NULL when none is set. */
    .addColumn('next_follow_up', 'text')
    /** The instant reply: `none` (not a kind that gets one, or older than the feature), `pending`, `sent`, `skipped`. */
    .addColumn('reply_state', 'text', (column) => column.notNull())
    .addColumn('reply_sent_at', 'text')
    /** Why no reply was sent: `disabled`, `suppressed`, `daily-limit`, `honeypot`. */
    .addColumn('reply_skip_reason', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('lead_realtor_created_idx').on('lead').columns(['realtor_id', 'created_at', 'id']).execute()
  await db.schema.createIndex('lead_realtor_stage_idx').on('lead').columns(['realtor_id', 'stage', 'created_at']).execute()
  await db.schema.createIndex('lead_follow_up_idx').on('lead').columns(['realtor_id', 'next_follow_up']).execute()

  await db.schema
    .createTable('lead_note')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('lead_id', 'text', (column) => column.notNull().references('lead.id').onDelete('cascade'))
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('lead_note_lead_idx').on('lead_note').columns(['lead_id', 'created_at']).execute()

  await sql`
    INSERT INTO lead (id, realtor_id, kind, name, email, email_key, phone, lang, source_page, listing_key,
                      stage, stage_changed_at, next_follow_up, reply_state, reply_sent_at, reply_skip_reason, created_at, updated_at)
    SELECT id, realtor_id, 'message', name, email, lower(email), NULLIF(phone, ''), COALESCE(consent_lang, 'ko'), consent_page, listing_key,
           CASE WHEN status = 'handled' THEN 'contacted' ELSE 'new' END, created_at, NULL, 'none', NULL, NULL, created_at, created_at
    FROM contact_message
  `.execute(db)
  await sql`
    INSERT INTO lead (id, realtor_id, kind, name, email, email_key, phone, lang, source_page, listing_key,
                      stage, stage_changed_at, next_follow_up, reply_state, reply_sent_at, reply_skip_reason, created_at, updated_at)
    SELECT id, realtor_id, 'saved_search', name, email, email_key, NULL, lang, consent_page, NULL,
           'new', COALESCE(confirmed_at, created_at), NULL, 'none', NULL, NULL, COALESCE(confirmed_at, created_at), COALESCE(confirmed_at, created_at)
    FROM saved_search
    WHERE confirmed_at IS NOT NULL
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_note').execute()
  await db.schema.dropTable('lead').execute()
}
