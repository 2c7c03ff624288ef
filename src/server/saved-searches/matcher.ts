import { sql, type Kysely } from 'kysely'
import type { Database } from '~/server/db/schema'

/** Changes per matching statement: a bound list well under SQLite's parameter limit. */
export const MATCH_BATCH = 1000

/** Matched changes are kept this long (to see what an import announced), then deleted. */
export const CHANGE_RETENTION_MS = 7 * 24 * 3600_000

/**
 * Matches pending listing changes against every active search (issue 13, decision 018): per
 * batch of changes, ONE `INSERT … SELECT` joins the changes with their homes and the searches
 * whose filters they meet, then the batch is stamped as matched. Never a query per search or
 * per listing, so the cost follows the number of matches, not searches × listings.
 *
 * `ON CONFLICT DO NOTHING` on (search, home, alert key) makes it safe to run twice (a crash
 * between the insert and the stamp, two processes at once): a home is matched once per reason.
 * A search hears only of changes made after it was confirmed.
 */
export async function matchSavedSearches(db: Kysely<Database>, now: Date): Promise<{ changes: number; matches: number }> {
  const matchedAt = now.toISOString()
  let changes = 0
  let matches = 0
  for (;;) {
    const batch = await db.selectFrom('homeChange').select('id').where('matchedAt', 'is', null).orderBy('changedAt').orderBy('id').limit(MATCH_BATCH).execute()
    if (batch.length === 0) break
    const ids = batch.map((row) => row.id)
    const inserted = await db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('savedSearchMatch')
        .columns(['savedSearchId', 'homeId', 'alertKey', 'reason', 'listPrice', 'previousPrice', 'matchedAt'])
        .expression(
          trx
            .selectFrom('homeChange as c')
            .innerJoin('home as h', 'h.id', 'c.homeId')
            .innerJoin('savedSearch as s', (join) =>
              join.on('s.status', '=', 'active').onRef('s.state', '=', 'h.stateOrProvince').onRef('s.cityKey', '=', 'h.cityKey'),
            )
            // An unpublished homepage sends no alerts: its links would lead nowhere, and a later
            // publish must not release a backlog of old news.
            .innerJoin('realtor as r', (join) => join.onRef('r.id', '=', 's.realtorId').on('r.isMakeHomepage', '=', 'Y'))
            .where('c.id', 'in', ids)
            .where('h.isListed', '=', 1)
            .where('h.retiredAt', 'is', null)
            .where('s.confirmedAt', 'is not', null)
            .whereRef('s.confirmedAt', '<=', 'c.changedAt')
            .where((eb) => eb.or([eb('s.listingType', 'is', null), eb(eb.ref('h.listingType'), '=', eb.ref('s.listingType'))]))
            .where((eb) => eb.or([eb('s.minPrice', 'is', null), eb('s.minPrice', '<=', eb.ref('c.listPrice'))]))
            .where((eb) => eb.or([eb('s.maxPrice', 'is', null), eb('s.maxPrice', '>=', eb.ref('c.listPrice'))]))
            .where((eb) => eb.or([eb('s.minBeds', 'is', null), eb('h.bedroomsTotal', '>=', eb.ref('s.minBeds'))]))
            .where((eb) => eb.or([eb('s.minBaths', 'is', null), eb('h.bathroomsTotalInteger', '>=', eb.ref('s.minBaths'))]))
            .select((eb) => [
              's.id as savedSearchId',
              'c.homeId as homeId',
              // `drop:<cents>`: the same lower price announced once, a further drop again.
              sql<string>`case when ${eb.ref('c.reason')} = 'new' then 'new' else 'drop:' || cast(round(${eb.ref('c.listPrice')} * 100) as bigint) end`.as(
                'alertKey',
              ),
              'c.reason as reason',
              'c.listPrice as listPrice',
              'c.previousPrice as previousPrice',
              sql<string>`cast(${matchedAt} as text)`.as('matchedAt'),
            ]),
        )
        .onConflict((conflict) => conflict.columns(['savedSearchId', 'homeId', 'alertKey']).doNothing())
        .executeTakeFirst()
      await trx.updateTable('homeChange').set({ matchedAt }).where('id', 'in', ids).execute()
      return Number(result.numInsertedOrUpdatedRows ?? 0)
    })
    changes += ids.length
    matches += inserted
    if (batch.length < MATCH_BATCH) break
  }
  return { changes, matches }
}

/** Deletes changes matched more than a week ago: the matches they made carry what alerts need. */
export async function purgeMatchedChanges(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CHANGE_RETENTION_MS).toISOString()
  const result = await db.deleteFrom('homeChange').where('matchedAt', 'is not', null).where('matchedAt', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
