import { randomUUID } from 'node:crypto'
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { Database, HomeChangeTable, HomeTable } from '~/server/db/schema'
import { enqueuePurge, type PurgeContext } from '~/server/cdn-purge/outbox'
import { bumpRevisions } from '~/server/pages/revisions'
import { listingTypeOf, type HomeRecord } from './reso-property'

/** Rows per statement: well under SQLite's bound-parameter limit with 32 columns. */
const CHUNK = 200

function chunks<T>(items: ReadonlyArray<T>, size: number): Array<Array<T>> {
  const result: Array<Array<T>> = []
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size))
  return result
}

type HomeColumns = Omit<HomeTable, 'id' | 'createdAt'>

function toColumns(record: HomeRecord, source: string, isDemo: boolean, now: string): HomeColumns {
  const { media: _media, internetEntireListingDisplay, internetAddressDisplay, ...feedColumns } = record
  return {
    ...feedColumns,
    source,
    isDemo: isDemo ? 1 : 0,
    isListed: internetEntireListingDisplay ? 1 : 0,
    listingType: listingTypeOf(record.propertyType),
    cityKey: record.city.trim().toLowerCase(),
    internetEntireListingDisplayYn: internetEntireListingDisplay ? 1 : 0,
    internetAddressDisplayYn: internetAddressDisplay ? 1 : 0,
    retiredAt: null,
    updatedAt: now,
  }
}

export type UpsertResult = { inserted: number; updated: number }

/**
 * Inserts new listings and replaces known ones (matched by ListingKey) with their media, in
 * one transaction per chunk: a chunk is either stored whole or not at all, and running the
 * same feed twice changes nothing. A listing that comes back after retirement is listed again.
 */
export async function upsertHomes(
  db: Kysely<Database>,
  records: ReadonlyArray<HomeRecord>,
  options: { source: string; isDemo: boolean; now: Date },
): Promise<UpsertResult> {
  const now = options.now.toISOString()
  // The last copy of a key wins when a feed repeats one within a batch.
  const unique = [...new Map(records.map((record) => [record.listingKey, record])).values()]
  let inserted = 0
  let updated = 0
  for (const chunk of chunks(unique, CHUNK)) {
    await db.transaction().execute(async (trx) => {
      const keys = chunk.map((record) => record.listingKey)
      const existing = await trx.selectFrom('home').select(['id', 'listingKey', 'listPrice', 'isListed', 'retiredAt']).where('listingKey', 'in', keys).execute()
      const storedByKey = new Map(existing.map((row) => [row.listingKey, row]))
      const idByKey = new Map(existing.map((row) => [row.listingKey, row.id]))
      const rows = chunk.map((record) => ({
        id: idByKey.get(record.listingKey) ?? randomUUID(),
        createdAt: now,
        ...toColumns(record, options.source, options.isDemo, now),
      }))
      await trx
        .insertInto('home')
        .values(rows)
        .onConflict((conflict) =>
          conflict.column('listingKey').doUpdateSet((eb) => ({
            source: eb.ref('excluded.source'),
            isDemo: eb.ref('excluded.isDemo'),
            isListed: eb.ref('excluded.isListed'),
            listingType: eb.ref('excluded.listingType'),
            listPrice: eb.ref('excluded.listPrice'),
            standardStatus: eb.ref('excluded.standardStatus'),
            propertyType: eb.ref('excluded.propertyType'),
            propertySubType: eb.ref('excluded.propertySubType'),
            bedroomsTotal: eb.ref('excluded.bedroomsTotal'),
            bathroomsTotalInteger: eb.ref('excluded.bathroomsTotalInteger'),
            livingArea: eb.ref('excluded.livingArea'),
            lotSizeSquareFeet: eb.ref('excluded.lotSizeSquareFeet'),
            associationFeeMonthly: eb.ref('excluded.associationFeeMonthly'),
            yearBuilt: eb.ref('excluded.yearBuilt'),
            unparsedAddress: eb.ref('excluded.unparsedAddress'),
            city: eb.ref('excluded.city'),
            cityKey: eb.ref('excluded.cityKey'),
            stateOrProvince: eb.ref('excluded.stateOrProvince'),
            postalCode: eb.ref('excluded.postalCode'),
            latitude: eb.ref('excluded.latitude'),
            longitude: eb.ref('excluded.longitude'),
            publicRemarks: eb.ref('excluded.publicRemarks'),
            listAgentFullName: eb.ref('excluded.listAgentFullName'),
            listOfficeName: eb.ref('excluded.listOfficeName'),
            onMarketDate: eb.ref('excluded.onMarketDate'),
            modificationTimestamp: eb.ref('excluded.modificationTimestamp'),
            internetEntireListingDisplayYn: eb.ref('excluded.internetEntireListingDisplayYn'),
            internetAddressDisplayYn: eb.ref('excluded.internetAddressDisplayYn'),
            retiredAt: eb.ref('excluded.retiredAt'),
            updatedAt: eb.ref('excluded.updatedAt'),
          })),
        )
        .execute()
      await replaceMedia(trx, chunk, rows)
      // In the same transaction as the listings (decision 018): a run that stored a listing has
      // also recorded what a saved search should hear about it, so a crash loses neither.
      const changes = changesOf(rows, storedByKey, now)
      for (const part of chunks(changes, CHUNK)) await trx.insertInto('homeChange').values(part).execute()
      // In the same transaction: a process that sees these rows also sees the new revision (decision 009).
      await bumpRevisions(trx, 'listings')
      inserted += chunk.length - existing.length
      updated += existing.length
    })
  }
  return { inserted, updated }
}

type StoredPrice = { listPrice: number; isListed: number; retiredAt: string | null }

/**
 * What saved searches hear about (issue 13): a listing shown on the internet that was not
 * before (first stored, back from retirement, or allowed on the internet again) is `new`; a
 * listed one whose price went down is a `price-drop`. Listings kept off the internet are
 * never announced.
 */
function changesOf(
  rows: ReadonlyArray<{ id: string; listingKey: string; listPrice: number; isListed: number }>,
  storedByKey: ReadonlyMap<string, StoredPrice>,
  now: string,
): Array<Insertable<HomeChangeTable>> {
  const changes: Array<Insertable<HomeChangeTable>> = []
  for (const row of rows) {
    if (row.isListed !== 1) continue
    const stored = storedByKey.get(row.listingKey)
    const wasShown = stored !== undefined && Number(stored.isListed) === 1 && stored.retiredAt === null
    if (!wasShown) {
      changes.push({ id: randomUUID(), homeId: row.id, reason: 'new', listPrice: row.listPrice, previousPrice: null, changedAt: now, matchedAt: null })
    } else if (row.listPrice < Number(stored.listPrice)) {
      changes.push({
        id: randomUUID(),
        homeId: row.id,
        reason: 'price-drop',
        listPrice: row.listPrice,
        previousPrice: Number(stored.listPrice),
        changedAt: now,
        matchedAt: null,
      })
    }
  }
  return changes
}

async function replaceMedia(trx: Transaction<Database>, chunk: ReadonlyArray<HomeRecord>, rows: ReadonlyArray<{ id: string }>): Promise<void> {
  const homeIds = rows.map((row) => row.id)
  await trx.deleteFrom('homeMedia').where('homeId', 'in', homeIds).execute()
  const media = chunk.flatMap((record, index) =>
    record.media.map((item, sortOrder) => ({ id: randomUUID(), homeId: homeIds[index] ?? '', mediaKey: item.mediaKey, mediaUrl: item.url, sortOrder })),
  )
  for (const part of chunks(media, CHUNK)) await trx.insertInto('homeMedia').values(part).execute()
}

/**
 * Retires the listings of a source that its full key list no longer holds: they leave every
 * page at once but stay stored, so a listing that returns keeps its id. Returns how many.
 */
export async function retireHomesNotIn(db: Kysely<Database>, source: string, keepKeys: ReadonlySet<string>, now: Date): Promise<number> {
  const current = await db.selectFrom('home').select('listingKey').where('source', '=', source).where('retiredAt', 'is', null).execute()
  const gone = current.map((row) => row.listingKey).filter((key) => !keepKeys.has(key))
  for (const part of chunks(gone, CHUNK)) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('home')
        .set({ retiredAt: now.toISOString(), isListed: 0, updatedAt: now.toISOString() })
        .where('source', '=', source)
        .where('listingKey', 'in', part)
        .execute()
      await bumpRevisions(trx, 'listings')
    })
  }
  return gone.length
}

export async function readImportState(db: Kysely<Database>, source: string): Promise<{ lastModificationTimestamp: string | null } | undefined> {
  return db.selectFrom('listingImportState').select('lastModificationTimestamp').where('source', '=', source).executeTakeFirst()
}

/**
 * Records a source's successful run: when it ended (the "last updated" time pages show and the
 * freshness check reads) and, for the Web API, where the next run resumes. Only a run that
 * succeeded calls this, so a failed run leaves both as they were. Pages show the time, so it
 * moves the listings revision in the same transaction (decision 009), even when the run
 * changed no listing.
 */
export async function writeImportState(
  db: Kysely<Database>,
  purge: PurgeContext,
  source: string,
  lastModificationTimestamp: string | null,
  now: Date,
): Promise<void> {
  const lastRunAt = now.toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('listingImportState')
      .values({ source, lastModificationTimestamp, lastRunAt })
      .onConflict((conflict) => conflict.column('source').doUpdateSet({ lastModificationTimestamp, lastRunAt }))
      .execute()
    await bumpRevisions(trx, 'listings')
    // The import's last write: the CDN purges the listings once for the whole run (decision 046).
    await enqueuePurge(trx, purge, ['listings'])
  })
}

/** The last successful run of each of these sources; a source without one is missing. */
export async function lastRunsOf(db: Kysely<Database>, sources: ReadonlyArray<string>): Promise<ReadonlyMap<string, string>> {
  if (sources.length === 0) return new Map()
  const rows = await db
    .selectFrom('listingImportState')
    .select(['source', 'lastRunAt'])
    .where('source', 'in', [...sources])
    .execute()
  return new Map(rows.map((row) => [row.source, row.lastRunAt]))
}

export async function countHomes(db: Kysely<Database>, source?: string): Promise<number> {
  const row = await db
    .selectFrom('home')
    .$if(source !== undefined, (query) => query.where('source', '=', source ?? ''))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}
