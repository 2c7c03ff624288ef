import type { Kysely } from 'kysely'
import { type PropertyKind, RESO_SUB_TYPE } from '~/schemas/home'
import type { Database } from '~/server/db/schema'
import { displayProfileFor, type DisplayProfiles } from '~/server/listings/display-profile'
import type { ComparableCandidate } from './estimate'

/** What the page may show of a comparable besides the estimator's figures. */
export type StoredComparable = ComparableCandidate & {
  listingKey: string
  /** Null when the MLS withholds the address (`InternetAddressDisplayYN` = N): the page says so. */
  address: string | null
  status: string
  /** Close date of a sale, else the day it came on the market (YYYY-MM-DD). */
  date: string
}

export type ComparableQuery = {
  propertyType: PropertyKind
  state: string
  city: string
  postalCode: string
}

/** Rows read between two turns of the event loop: ~1–2 ms of a busy worker's time on SQLite. */
const ROWS_PER_TURN = 250

/**
 * A query's rows, the same rows in the same order as `execute()`, read in turns. better-sqlite3
 * reads synchronously: a big city's ~21,000 homes held a worker's event loop for 250–550 ms
 * under the valuation bench (CPU profile), during which the cluster primary, which hands a new
 * connection only to a worker that has taken the last one, gave the other worker the rest of
 * the bench's connections; with both workers' places read before the load, p99 fell from
 * 220–280 ms to 70–110 ms in the same conditions. Between turns other requests are answered
 * (queries through Kysely wait for the connection, as they waited for the read before).
 */
async function rowsInTurns<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const read: T[] = []
  for await (const row of rows) {
    read.push(row)
    if (read.length % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve))
  }
  return read
}

/**
 * Candidate comparables for the estimator: homes for sale of the same type in the same ZIP or city,
 * listed on the internet and not retired (leases never count). A sale counts only where its source's
 * MLS display profile allows sold data; otherwise only active and pending listings do. The estimator
 * ranks and trims them; this only narrows the rows read.
 */
export async function findComparableCandidates(
  db: Kysely<Database>,
  profiles: DisplayProfiles,
  query: ComparableQuery,
  /** Read in turns that give the event loop back between them (SQLite only: see `rowsInTurns`). */
  inTurns = false,
): Promise<StoredComparable[]> {
  // The city's homes and the ZIP's as two index range scans (migration 0028), merged: one query
  // with `zip or city` read every home of the type on SQLite.
  const select = (place: 'city' | 'zip') => {
    let rows = db
      .selectFrom('home')
      .select([
        'id',
        'listingKey',
        'source',
        'standardStatus',
        'listPrice',
        'closePrice',
        'closeDate',
        'onMarketDate',
        'livingArea',
        'bedroomsTotal',
        'bathroomsTotalInteger',
        'yearBuilt',
        'unparsedAddress',
        'internetAddressDisplayYn',
        'city',
        'postalCode',
      ])
      .where('isListed', '=', 1)
      .where('listingType', '=', 'sale')
      .where('propertySubType', '=', RESO_SUB_TYPE[query.propertyType])
      .where('stateOrProvince', '=', query.state.trim().toUpperCase())
      .where('retiredAt', 'is', null)
      .where('standardStatus', 'in', ['Active', 'Pending', 'ActiveUnderContract', 'Closed'])
    rows = place === 'city' ? rows.where('cityKey', '=', query.city.trim().toLowerCase()) : rows.where('postalCode', '=', query.postalCode.trim().slice(0, 5))
    return inTurns ? rowsInTurns(rows.stream()) : rows.execute()
  }
  const [zipRows, cityRows] = await Promise.all([select('zip'), select('city')])
  const seen = new Set<string>()
  const rows = [...zipRows, ...cityRows].filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)))
  return rows.flatMap((row) => {
    const isSale = row.standardStatus === 'Closed'
    if (isSale && (row.closePrice === null || row.closeDate === null || !displayProfileFor(profiles, row.source).soldData)) return []
    const candidate: StoredComparable = {
      id: row.id,
      listingKey: row.listingKey,
      postalCode: row.postalCode ?? '',
      city: row.city,
      price: isSale && row.closePrice !== null ? row.closePrice : row.listPrice,
      livingArea: row.livingArea,
      beds: row.bedroomsTotal,
      baths: row.bathroomsTotalInteger,
      yearBuilt: row.yearBuilt,
      basis: isSale ? 'sold' : 'listed',
      address: row.internetAddressDisplayYn === 1 ? row.unparsedAddress : null,
      status: row.standardStatus,
      date: isSale && row.closeDate !== null ? row.closeDate : row.onMarketDate,
    }
    return [candidate]
  })
}
