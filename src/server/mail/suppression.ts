import type { Kysely, Transaction } from 'kysely'
import type { Database, SuppressionReason } from '~/server/db/schema'

/*
 * The suppression list (decision 021): addresses no instant reply or digest goes to. Global:
 * an address that bounced bounces for every realtor, and an unsubscribe from one realtor's
 * alerts is a person asking not to be written to by our robots. Only ever read to decide;
 * nobody is shown whose address is on it.
 */

export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}

/** Adds an address; an address already listed keeps its first reason and date. */
export async function suppressAddress(db: Kysely<Database> | Transaction<Database>, email: string, reason: SuppressionReason, now: Date): Promise<void> {
  await db
    .insertInto('mailSuppression')
    .values({ emailKey: emailKey(email), reason, createdAt: now.toISOString() })
    .onConflict((conflict) => conflict.column('emailKey').doNothing())
    .execute()
}

export async function isSuppressed(db: Kysely<Database> | Transaction<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('mailSuppression').select('emailKey').where('emailKey', '=', emailKey(email)).executeTakeFirst()
  return row !== undefined
}
