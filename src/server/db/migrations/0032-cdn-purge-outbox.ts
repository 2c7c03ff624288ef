import type { Kysely } from 'kysely'

/*
 * Issue 30 item 4: the surrogate keys of changed pages, written in the transaction of the change
 * and sent to the CDN's purge API by a sender on any worker (decision 046). The key is the primary
 * key: a key already waiting is not stored twice, a later change only marks it to be sent again
 * (src/server/cdn-purge/outbox.ts). A row is deleted once its purge was accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cdn_purge_outbox')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('available_at', 'text', (column) => column.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute()
  // Senders take the due keys oldest first.
  await db.schema.createIndex('cdn_purge_outbox_due_idx').on('cdn_purge_outbox').columns(['available_at', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cdn_purge_outbox').execute()
}
