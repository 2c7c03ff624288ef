import { sql, type Kysely, type Transaction } from 'kysely'
import { enqueuePurge, type PurgeContext } from '~/server/cdn-purge/outbox'
import type { Database } from '~/server/db/schema'
import { bumpRevisions, realtorSurrogateKeys } from './revisions'

type Db = Kysely<Database> | Transaction<Database>

/*
 * A change that shows on realtors' stored pages without being a save of the realtor row (their
 * posts, a CMA's share page): their row's revision moves, and the 'realtors' scope with 'site',
 * since the store looks at nothing else until 'site' moves (decision 009), in the transaction of
 * the change (decision 030), and the CDN is asked to purge their pages (decision 046).
 */
export async function reviseRealtorPages(db: Db, purge: PurgeContext, realtorIds: ReadonlyArray<string>): Promise<void> {
  if (realtorIds.length === 0) return
  await db
    .updateTable('realtor')
    .set({ revision: sql`revision + 1` })
    .where('id', 'in', [...realtorIds])
    .execute()
  await bumpRevisions(db, 'realtors')
  await enqueuePurge(db, purge, realtorSurrogateKeys(realtorIds))
}
