import type { CreateTableBuilder } from 'kysely'

/*
 * Column groups that several tables hold alike. Migrations that have run use these: never change the
 * columns they add or their order. A change is a new migration's `alterTable`.
 */

/**
 * What a visitor agreed to, as every table that stores their word records it (issue 15 item 4, first
 * added to messages by 0008): the wording's version, its exact words in the language shown, the
 * language, the page and the time.
 */
export function consentColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('consent_version', 'text', (column) => column.notNull())
    .addColumn('consent_text', 'text', (column) => column.notNull())
    .addColumn('consent_lang', 'text', (column) => column.notNull())
    .addColumn('consent_page', 'text')
    .addColumn('consented_at', 'text', (column) => column.notNull())
}

/**
 * Who subscribed, for one realtor (saved searches, market reports): their address, and lowercased
 * (one address asking twice for the same thing is one subscription), the name they gave, the
 * language they read, and the origin they subscribed on (mail links use it when there is no
 * PUBLIC_URL or own domain).
 */
export function subscriberColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('email_key', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('lang', 'text', (column) => column.notNull())
    .addColumn('site_origin', 'text', (column) => column.notNull())
}

/**
 * A subscription a visitor confirms from a mail (saved searches, market reports): its status
 * (`pending` until confirmed, then the table's own states), the random secret its signed links
 * carry (resetting it revokes them all), the consent, and when it was made, changed and confirmed.
 */
export function confirmedSubscriptionColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('link_secret', 'text', (column) => column.notNull())
    .$call(consentColumns)
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('confirmed_at', 'text')
}
