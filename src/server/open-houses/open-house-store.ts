import type { Kysely, Transaction } from 'kysely'
import { withoutDuplicateOpenHouses } from '~/lib/open-house-overlap'
import { openHouseCalendarPath, type OpenHouse } from '~/schemas/open-houses'
import type { Database, OpenHouseTable } from '~/server/db/schema'
import { dependsUntil } from '~/server/pages/page-dependencies'
import { bumpRevisions } from '~/server/pages/revisions'
import { repeatEvery, scheduledJob } from '~/server/logging/job-log'

/*
 * Reading and purging open houses (issue 26 item 5, decision 023). Pages, cards and the API
 * read a page's open houses in one query for all its homes; an ended one is never read, and a
 * stored page is valid only until the first one it shows ends (so it leaves the page with no
 * import or save needed).
 */

type Db = Kysely<Database> | Transaction<Database>

type OpenHouseRow = Pick<OpenHouseTable, 'id' | 'homeId' | 'source' | 'startsAt' | 'endsAt' | 'timeZone' | 'kind' | 'remarks'>

export function toOpenHouse(row: OpenHouseRow): OpenHouse {
  return {
    id: row.id,
    start: row.startsAt,
    end: row.endsAt,
    timeZone: row.timeZone,
    kind: row.kind === 'virtual' ? 'virtual' : 'in_person',
    remarks: row.remarks,
    source: row.source === 'realtor' ? 'realtor' : 'mls',
    calendarUrl: openHouseCalendarPath(row.id),
  }
}

/** At most this many per listing: a card and a page show the next few, not a season's calendar. */
export const OPEN_HOUSES_PER_HOME = 6

/**
 * The upcoming open houses of these homes, soonest first, in one query: the MLS's, plus the
 * realtor's own when the page is that realtor's (`realtorId`). Notes the page's validity.
 */
export async function openHousesForHomes(
  db: Kysely<Database>,
  homeIds: ReadonlyArray<string>,
  options: { realtorId: string | undefined; now: Date },
): Promise<Map<string, Array<OpenHouse>>> {
  const byHome = new Map<string, Array<OpenHouse>>()
  if (homeIds.length === 0) return byHome
  const now = options.now.toISOString()
  const rows = await db
    .selectFrom('openHouse')
    .select(['id', 'homeId', 'source', 'startsAt', 'endsAt', 'timeZone', 'kind', 'remarks'])
    .where('homeId', 'in', [...homeIds])
    .where('endsAt', '>', now)
    .where((eb) =>
      options.realtorId === undefined
        ? eb('source', '=', 'mls')
        : eb.or([eb('source', '=', 'mls'), eb.and([eb('source', '=', 'realtor'), eb('realtorId', '=', options.realtorId)])]),
    )
    .orderBy('homeId')
    .orderBy('startsAt')
    .orderBy('id')
    .execute()
  let firstEnd: string | undefined
  for (const row of rows) {
    const list = byHome.get(row.homeId) ?? []
    list.push(toOpenHouse(row))
    byHome.set(row.homeId, list)
    if (firstEnd === undefined || row.endsAt < firstEnd) firstEnd = row.endsAt
  }
  if (firstEnd !== undefined) dependsUntil(firstEnd)
  // One event listed by the MLS and added by the realtor shows once (issue 52 item 8), then the cap.
  for (const [homeId, list] of byHome) byHome.set(homeId, withoutDuplicateOpenHouses(list).slice(0, OPEN_HOUSES_PER_HOME))
  return byHome
}

/** The realtor a page or list is for, by its address; undefined when none is named or found. */
export async function realtorIdByDesiredUrl(db: Kysely<Database>, desiredUrl: string | undefined): Promise<string | undefined> {
  if (!desiredUrl) return undefined
  const row = await db.selectFrom('realtor').select('id').where('desiredUrlKey', '=', desiredUrl.toLowerCase()).executeTakeFirst()
  return row?.id
}

/**
 * Deletes the open houses that have ended (every import runs it, and the scheduled jobs once a
 * day); they are already hidden from the moment they end. Returns how many.
 */
export async function purgeEndedOpenHouses(db: Kysely<Database>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('openHouse').where('endsAt', '<=', now.toISOString()).executeTakeFirst()
    const deleted = Number(result.numDeletedRows)
    // Nothing a page shows changed (ended ones are already hidden), but a stored API answer
    // should not keep a row the database no longer has.
    if (deleted > 0) await bumpRevisions(trx, 'listings')
    return deleted
  })
}

export async function bumpOpenHouseRevision(db: Db): Promise<void> {
  // Open houses show with listings on every page and API read: the listings scope covers them.
  await bumpRevisions(db, 'listings')
}

const DAY_MS = 24 * 60 * 60_000
const FIRST_PURGE_DELAY_MS = 5 * 60_000

/** The daily purge, with the other scheduled jobs (worker 0). Any number of processes may run it. */
export function startOpenHousePurge(services: { db: Kysely<Database>; now: () => Date }): () => void {
  return repeatEvery(DAY_MS, FIRST_PURGE_DELAY_MS, () => {
    void scheduledJob('open-houses.purge', () => purgeEndedOpenHouses(services.db, services.now()))
  })
}
