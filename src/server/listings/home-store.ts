import { createHash, randomUUID } from 'node:crypto'
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { Database, HomeChangeTable, HomeTable } from '~/server/db/schema'
import { enqueuePurge, type PurgeContext } from '~/server/cdn-purge/outbox'
import { listingPhotoHash } from './listing-photos'
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

/** What a listing's row says, apart from the bookkeeping of when it was written or retired. */
type ContentColumns = Omit<HomeColumns, 'contentHash' | 'retiredAt' | 'updatedAt'>

function contentColumns(record: HomeRecord, source: string, isDemo: boolean): ContentColumns {
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
  }
}

/** JSON with every object's keys sorted: the same listing gives the same text whatever built it. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * A listing as it would be stored, columns and photos in order, hashed (issue 48 item 8). The
 * store compares this with the hash written with the row, not the row's values, which the two
 * engines give back in their own types (a REAL, a numeric string, 0/1).
 */
export function listingContentHash(columns: ContentColumns, media: HomeRecord['media']): string {
  return createHash('sha256').update(stableJson({ columns, media })).digest('base64url')
}

export type UpsertResult = {
  inserted: number
  updated: number
  /** Received and stored already exactly so: nothing was written for them (issue 48 item 8). */
  unchanged: number
}

/**
 * Inserts new listings and replaces known ones (matched by ListingKey) with their media, in
 * one transaction per chunk: a chunk is either stored whole or not at all. A known listing whose
 * content (the columns the feed gives and its photos, hashed) is what is stored, and that is not
 * retired, is left alone: its `updatedAt` stays, and a chunk of nothing but such listings writes
 * nothing and does not move the listings revision, so an identical feed costs no page a render.
 * A listing that comes back after retirement is listed again.
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
  let unchanged = 0
  for (const whole of chunks(unique, CHUNK)) {
    // Counted once the chunk's transaction has committed: a chunk that fails stored nothing.
    const counted = await db.transaction().execute(async (trx) => {
      const keys = whole.map((record) => record.listingKey)
      const existing = await trx
        .selectFrom('home')
        .select(['id', 'listingKey', 'listPrice', 'isListed', 'retiredAt', 'contentHash'])
        .where('listingKey', 'in', keys)
        .execute()
      const storedByKey = new Map(existing.map((row) => [row.listingKey, row]))
      const incoming = whole.map((record) => {
        const columns = contentColumns(record, options.source, options.isDemo)
        return { record, columns, contentHash: listingContentHash(columns, record.media) }
      })
      const changed = incoming.filter(({ record, contentHash }) => {
        const stored = storedByKey.get(record.listingKey)
        return stored === undefined || stored.retiredAt !== null || stored.contentHash !== contentHash
      })
      const known = changed.filter(({ record }) => storedByKey.has(record.listingKey)).length
      const chunkCounts = { inserted: changed.length - known, updated: known, unchanged: whole.length - changed.length }
      if (changed.length === 0) return chunkCounts
      const chunk = changed.map(({ record }) => record)
      const rows = changed.map(({ record, columns, contentHash }) => ({
        id: storedByKey.get(record.listingKey)?.id ?? randomUUID(),
        createdAt: now,
        ...columns,
        contentHash,
        retiredAt: null,
        updatedAt: now,
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
            closePrice: eb.ref('excluded.closePrice'),
            closeDate: eb.ref('excluded.closeDate'),
            originalListPrice: eb.ref('excluded.originalListPrice'),
            contentHash: eb.ref('excluded.contentHash'),
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
      return chunkCounts
    })
    inserted += counted.inserted
    updated += counted.updated
    unchanged += counted.unchanged
  }
  return { inserted, updated, unchanged }
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
    record.media.map((item, sortOrder) => ({
      id: randomUUID(),
      homeId: homeIds[index] ?? '',
      mediaKey: item.mediaKey,
      mediaUrl: item.url,
      mediaHash: /^https?:\/\//i.test(item.url) ? listingPhotoHash(item.url) : null,
      sortOrder,
    })),
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
 * How far behind the last successful run the time pages show may fall while runs change nothing:
 * an hourly render of the pages that show listings, where a 15-minute cron of an unchanged feed
 * would otherwise purge them four times an hour, and "last updated" is never an hour stale.
 */
export const SHOWN_RUN_REFRESH_MS = 60 * 60_000

/**
 * Records a source's successful run: when it ended (`lastRunAt`, which the admin's freshness check
 * reads) and, for the Web API, where the next run resumes. Only a run that succeeded calls this,
 * so a failed run leaves both as they were. Pages show the run's time as "Listing data last
 * updated" (`shownRunAt`), which moves with the listings revision and a purge (decision 009): on
 * a run that changed listings, and on one that changed nothing only once the shown time is
 * SHOWN_RUN_REFRESH_MS old (issue 48 item 8). Returns whether it moved (the caller logs the purge).
 */
export async function writeImportState(
  db: Kysely<Database>,
  purge: PurgeContext,
  source: string,
  lastModificationTimestamp: string | null,
  now: Date,
  options: { listingsChanged: boolean },
): Promise<boolean> {
  const lastRunAt = now.toISOString()
  return db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('listingImportState').select('shownRunAt').where('source', '=', source).executeTakeFirst()
    const shownAt = stored?.shownRunAt ? Date.parse(stored.shownRunAt) : Number.NaN
    const show = options.listingsChanged || !(now.getTime() - shownAt < SHOWN_RUN_REFRESH_MS)
    const shownRunAt = show ? lastRunAt : (stored?.shownRunAt ?? lastRunAt)
    await trx
      .insertInto('listingImportState')
      .values({ source, lastModificationTimestamp, lastRunAt, shownRunAt })
      .onConflict((conflict) => conflict.column('source').doUpdateSet({ lastModificationTimestamp, lastRunAt, shownRunAt }))
      .execute()
    if (!show) return false
    await bumpRevisions(trx, 'listings')
    // The import's last write: the CDN purges the listings once for the whole run (decision 046).
    await enqueuePurge(trx, purge, ['listings'])
    return true
  })
}

/**
 * The last successful run of each of these sources as pages show it (`shownRunAt`, which moves
 * with the listings revision); a source without one is missing.
 */
export async function lastRunsOf(db: Kysely<Database>, sources: ReadonlyArray<string>): Promise<ReadonlyMap<string, string>> {
  if (sources.length === 0) return new Map()
  const rows = await db
    .selectFrom('listingImportState')
    .select(['source', 'lastRunAt', 'shownRunAt'])
    .where('source', 'in', [...sources])
    .execute()
  return new Map(rows.map((row) => [row.source, row.shownRunAt ?? row.lastRunAt]))
}

export async function countHomes(db: Kysely<Database>, source?: string): Promise<number> {
  const row = await db
    .selectFrom('home')
    .$if(source !== undefined, (query) => query.where('source', '=', source ?? ''))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}
