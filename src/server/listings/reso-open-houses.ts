import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { listingTimeZone } from '~/lib/listing-time-zone'
import { OPEN_HOUSE_REMARKS_MAX } from '~/schemas/open-houses'
import type { Database } from '~/server/db/schema'
import { bumpOpenHouseRevision, purgeEndedOpenHouses } from '~/server/open-houses/open-house-store'
import type { ResoConfig } from './reso-config'
import { pages, ResoImportError, type Http } from './reso-http'
import { withSlash } from './reso-query'

/*
 * Open houses from the feed (issue 26 item 5, decision 023): the RESO `OpenHouse` resource of
 * a Web API (`RESO_OPENHOUSE_RESOURCE`), or the `OpenHouse` array of a RESO JSON file. Each
 * run stores what the feed holds for this source's listings and removes what it no longer
 * holds, what was cancelled, and what has ended.
 */

export const resoOpenHouseSchema = z.object({
  OpenHouseKey: z.string().trim().min(1).max(128),
  ListingKey: z.string().trim().min(1).max(128),
  OpenHouseStartTime: z.iso.datetime({ offset: true }),
  OpenHouseEndTime: z.iso.datetime({ offset: true }),
  OpenHouseType: z.string().nullish(),
  OpenHouseRemarks: z.string().nullish(),
  OpenHouseStatus: z.string().nullish(),
})

/** Exactly the fields read, from the schema so the two never drift. */
export const OPEN_HOUSE_SELECT = Object.keys(resoOpenHouseSchema.shape)

export type OpenHouseImportSummary = {
  /** Rows the feed sent. */
  received: number
  stored: number
  /** Removed: gone from the feed, cancelled, or ended. */
  removed: number
  /** Invalid rows, rows for listings this source does not hold, broker-only and cancelled ones. */
  skipped: number
  /** Set when the feed does not offer the resource (HTTP 404): nothing changed. */
  unavailable?: string
}

type FeedOpenHouse = {
  sourceKey: string
  listingKey: string
  startsAt: string
  endsAt: string
  kind: 'in_person' | 'virtual'
  remarks: string | null
}

/**
 * RESO `OpenHouseType` says who may come: Broker and Office open houses are for agents (a
 * "caravan"), not the public, so a visitor's page leaves them out. `OpenHouseStatus`
 * Cancelled or Ended ones are removed.
 */
function toFeedOpenHouse(value: unknown): FeedOpenHouse | undefined {
  const parsed = resoOpenHouseSchema.safeParse(value)
  if (!parsed.success) return undefined
  const row = parsed.data
  const type = (row.OpenHouseType ?? '').toLowerCase()
  if (type.includes('broker') || type.includes('office')) return undefined
  const status = (row.OpenHouseStatus ?? 'Active').toLowerCase()
  if (status === 'cancelled' || status === 'canceled' || status === 'ended') return undefined
  const startsAt = new Date(row.OpenHouseStartTime).toISOString()
  const endsAt = new Date(row.OpenHouseEndTime).toISOString()
  if (endsAt <= startsAt) return undefined
  const remarks = row.OpenHouseRemarks?.replace(/\s+/g, ' ').trim() ?? ''
  return {
    sourceKey: row.OpenHouseKey,
    listingKey: row.ListingKey,
    startsAt,
    endsAt,
    kind: type.includes('virtual') || type.includes('livestream') ? 'virtual' : 'in_person',
    remarks: remarks === '' ? null : remarks.slice(0, OPEN_HOUSE_REMARKS_MAX),
  }
}

/**
 * Stores a source's whole set of open houses as the feed now holds it: upserts by
 * OpenHouseKey, deletes this source's others, then purges every ended one, in one transaction.
 */
export async function replaceFeedOpenHouses(db: Kysely<Database>, source: string, values: ReadonlyArray<unknown>, now: Date): Promise<OpenHouseImportSummary> {
  const nowIso = now.toISOString()
  const rows = values.map(toFeedOpenHouse)
  const upcoming = [...new Map(rows.flatMap((row) => (row && row.endsAt > nowIso ? [[row.sourceKey, row] as const] : []))).values()]
  const listingKeys = [...new Set(upcoming.map((row) => row.listingKey))]
  const homes = new Map<string, { id: string; state: string }>()
  for (let index = 0; index < listingKeys.length; index += 500) {
    const part = listingKeys.slice(index, index + 500)
    const found = await db
      .selectFrom('home')
      .select(['id', 'listingKey', 'stateOrProvince'])
      .where('source', '=', source)
      .where('listingKey', 'in', part)
      .execute()
    for (const home of found) homes.set(home.listingKey, { id: home.id, state: home.stateOrProvince })
  }
  const kept = upcoming.filter((row) => homes.has(row.listingKey))
  const summary: OpenHouseImportSummary = { received: values.length, stored: kept.length, removed: 0, skipped: values.length - kept.length }
  await db.transaction().execute(async (trx) => {
    for (const row of kept) {
      const home = homes.get(row.listingKey)
      if (!home) continue
      const columns = {
        homeId: home.id,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        timeZone: listingTimeZone(home.state),
        kind: row.kind,
        remarks: row.remarks,
        updatedAt: nowIso,
      }
      await trx
        .insertInto('openHouse')
        .values({ id: randomUUID(), source: 'mls', realtorId: null, feedSource: source, sourceKey: row.sourceKey, createdAt: nowIso, ...columns })
        .onConflict((conflict) => conflict.columns(['feedSource', 'sourceKey']).doUpdateSet(columns))
        .execute()
    }
    const keep = new Set(kept.map((row) => row.sourceKey))
    const stale = await trx.selectFrom('openHouse').select(['id', 'sourceKey']).where('feedSource', '=', source).execute()
    const gone = stale.filter((row) => row.sourceKey === null || !keep.has(row.sourceKey)).map((row) => row.id)
    for (let index = 0; index < gone.length; index += 500) {
      await trx
        .deleteFrom('openHouse')
        .where('id', 'in', gone.slice(index, index + 500))
        .execute()
    }
    summary.removed = gone.length
    await bumpOpenHouseRevision(trx)
  })
  summary.removed += await purgeEndedOpenHouses(db, now)
  return summary
}

/**
 * The open houses that have not ended, of every listing of the feed, paged like the listings.
 * Asked by end time rather than by each imported listing's key: one walk instead of one
 * request per 40 listings, and the listings this source does not hold are dropped on storing.
 */
export function openHousesUrl(config: ResoConfig, resource: string, now: Date): string {
  const options: Array<[string, string]> = [
    ['$filter', `OpenHouseEndTime gt ${now.toISOString()}`],
    ['$select', OPEN_HOUSE_SELECT.join(',')],
    // Key order does not move while the feed changes during the walk.
    ['$orderby', 'OpenHouseKey asc'],
    ['$top', String(config.pageSize)],
  ]
  const query = options.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')
  return `${new URL(resource, withSlash(config.serviceRoot)).toString()}?${query}`
}

/**
 * One run's open houses from a Web API. A feed without the resource (HTTP 404) is logged and
 * skipped; any other failure leaves the stored open houses as they were and is reported as a
 * warning, never failing the listings import it follows.
 */
export async function importResoOpenHouses(
  db: Kysely<Database>,
  http: Http,
  config: ResoConfig & { openHouseResource: string },
  source: string,
  now: Date,
): Promise<OpenHouseImportSummary> {
  const values: Array<unknown> = []
  try {
    for await (const page of pages(http, config, openHousesUrl(config, config.openHouseResource, now))) values.push(...page)
  } catch (error) {
    if (error instanceof ResoImportError && error.status === 404) {
      return {
        received: 0,
        stored: 0,
        removed: 0,
        skipped: 0,
        unavailable: `the feed has no ${config.openHouseResource} resource (HTTP 404); open houses skipped`,
      }
    }
    throw error
  }
  return replaceFeedOpenHouses(db, source, values, now)
}
