import { sql, type Kysely } from 'kysely'

/*
 * Issue 52 item 2 (decision 068): everything that happened with a lead, in order.
 *
 * - `mail_outbox.lead_id`: the lead a mail to a visitor belongs to (an instant reply, a tour's
 *   invitation or cancellation, a saved search's confirmation and alerts, a market report).
 *   No foreign key on purpose: a lead's id is its kind's row id, and a double opt-in kind sends
 *   its confirmation before the lead exists (the lead is made when the visitor confirms).
 *   NULL for mails to the realtor (digest, seller notice). Older mails of a saved search get
 *   its id here (a search's lead has the search's id); other older mails stay unlinked.
 * - `mail_outbox.bounced_at` / `bounce_reason`: a bounce reported for this very mail, kept on
 *   the mail as well as on the address (`mail_suppression`), so the timeline says which mail
 *   bounced and when.
 * - `market_subscription.lead_id`: the seller lead whose form asked for the city's report, so
 *   its confirmation and monthly reports land on that lead's timeline.
 * - `lead_event`: a stage or follow-up change, written in the transaction of the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('lead_id', 'text').execute()
  await db.schema.alterTable('mail_outbox').addColumn('bounced_at', 'text').execute()
  await db.schema.alterTable('mail_outbox').addColumn('bounce_reason', 'text').execute()
  await sql`UPDATE mail_outbox SET lead_id = saved_search_id WHERE saved_search_id IS NOT NULL`.execute(db)
  await db.schema.createIndex('mail_outbox_lead_idx').on('mail_outbox').columns(['lead_id', 'created_at']).execute()
  await db.schema.alterTable('market_subscription').addColumn('lead_id', 'text').execute()

  await db.schema
    .createTable('lead_event')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('lead_id', 'text', (column) => column.notNull().references('lead.id').onDelete('cascade'))
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    /** `stage` or `follow_up`. */
    .addColumn('type', 'text', (column) => column.notNull())
    /** The value before and after: a stage name, a `YYYY-MM-DD` day, or NULL (no follow-up day). */
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('lead_event_lead_idx').on('lead_event').columns(['lead_id', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_event').execute()
  await db.schema.alterTable('market_subscription').dropColumn('lead_id').execute()
  await db.schema.dropIndex('mail_outbox_lead_idx').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('bounce_reason').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('bounced_at').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('lead_id').execute()
}
