import type { Kysely } from 'kysely'

/*
 * Issue 27 item 5: a visitor's subscription to one city's monthly market report on one realtor's
 * site. Double opt-in as saved searches (migration 0009): stored `pending` with the consent the
 * visitor gave, `active` once the mailed link is confirmed, `unsubscribed` from any report's link.
 * `last_sent_month` (`YYYY-MM`, the snapshot month of the last report queued) is both the record
 * of what was sent and the claim: a sender moves it from what it read, so two processes never
 * queue the same month twice. Deleted with the realtor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_subscription')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('email', 'text', (column) => column.notNull())
    /** Lowercase e-mail: one address asking twice for one city is one subscription. */
    .addColumn('email_key', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('lang', 'text', (column) => column.notNull())
    /** The origin the visitor subscribed on: mail links use it when there is no PUBLIC_URL or own domain. */
    .addColumn('site_origin', 'text', (column) => column.notNull())
    /** The city as the market snapshots name it (`state_or_province`, `city_key`). */
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('city_key', 'text', (column) => column.notNull())
    /** `pending` (not confirmed), `active`, `unsubscribed`. */
    .addColumn('status', 'text', (column) => column.notNull())
    /** Random, per subscription: signed links carry it, so resetting it revokes them all. */
    .addColumn('link_secret', 'text', (column) => column.notNull())
    .addColumn('consent_version', 'text', (column) => column.notNull())
    .addColumn('consent_text', 'text', (column) => column.notNull())
    .addColumn('consent_lang', 'text', (column) => column.notNull())
    .addColumn('consent_page', 'text')
    .addColumn('consented_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_sent_month', 'text')
    .addColumn('unsubscribed_at', 'text')
    .execute()
  await db.schema
    .createIndex('market_subscription_unique_idx')
    .on('market_subscription')
    .columns(['realtor_id', 'email_key', 'state', 'city_key'])
    .unique()
    .execute()
  // The monthly run reads active subscriptions city by city.
  await db.schema.createIndex('market_subscription_send_idx').on('market_subscription').columns(['status', 'state', 'city_key']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('market_subscription').execute()
}
