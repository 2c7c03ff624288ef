import type { Kysely } from 'kysely'
import { confirmedSubscriptionColumns, subscriberColumns } from './columns'

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
    .$call(subscriberColumns)
    /** The city as the market snapshots name it (`state_or_province`, `city_key`). */
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('city_key', 'text', (column) => column.notNull())
    /** Status: `pending` (not confirmed), `active`, `unsubscribed`. */
    .$call(confirmedSubscriptionColumns)
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
