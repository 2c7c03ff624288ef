import type { Kysely } from 'kysely'
import { type PropertyKind, RESO_SUB_TYPE } from '~/schemas/home'
import type { Database } from '~/server/db/schema'
import { displayProfileFor, type DisplayProfiles } from '~/server/listings/display-profile'
import { CandidateIndex } from './candidate-index'
import { type ComparableCandidate, quantile } from './estimate'

/** What the page may show of a comparable besides the estimator's figures. */
export type StoredComparable = ComparableCandidate & {
  listingKey: string
  /** Null when the MLS withholds the address (`InternetAddressDisplayYN` = N): the page says so. */
  address: string | null
  /** The stored address even when withheld: only to recognise the home valued as one of ours. */
  storedAddress: string | null
  status: string
  /** Close date of a sale, else the day it came on the market (YYYY-MM-DD). */
  date: string
}

export type ComparableQuery = {
  propertyType: PropertyKind
  state: string
}

/** Sales older than this many months are not comparables: the market they sold in is gone (decision 073). */
export const SALE_WINDOW_MONTHS = 12
/** A month's trend is never read as more than ±3 % a month: a thin month's median is noise. */
const MAX_MONTHLY_TREND = 0.03

/** Whole months from `from` to `to` (both `YYYY-MM…`). */
export function monthsBetween(from: string, to: string): number {
  const year = (text: string) => Number(text.slice(0, 4))
  const month = (text: string) => Number(text.slice(5, 7))
  return (year(to) - year(from)) * 12 + (month(to) - month(from))
}

/**
 * A city's monthly price trend from its market snapshots (`month` → median price per sq ft): the
 * slope of a least-squares line through the logarithms of the last 13 months, as a monthly rate.
 * A line rather than two months' ratio, as one month's median moves with the mix of homes sold.
 */
export function monthlyTrend(perFootByMonth: ReadonlyMap<string, number>, thisMonth: string): number {
  const points = [...perFootByMonth].flatMap(([month, perFoot]) => {
    const back = monthsBetween(month, thisMonth)
    return back >= 0 && back <= SALE_WINDOW_MONTHS && perFoot > 0 ? [{ x: -back, y: Math.log(perFoot) }] : []
  })
  if (points.length < 3) return 0
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length
  const spread = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0)
  if (spread === 0) return 0
  const slope = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0) / spread
  return Math.min(MAX_MONTHLY_TREND, Math.max(-MAX_MONTHLY_TREND, Math.expm1(slope)))
}

/** What turns stored prices into today's, per city (lower-case name). */
export type AreaPrices = {
  /** Monthly rate of the city's prices (0.005: +0.5 % a month). */
  trend: ReadonlyMap<string, number>
  /** Median close price over list price of the city's recent sales. */
  saleToList: ReadonlyMap<string, number>
}

/**
 * A comparable's price as of today: a sale's close price carried forward by the city's trend for
 * the months since it closed; an asking price times the city's sale-to-list ratio where the source
 * allows sold data (where it does not, the ratio may not be used and the asking price stands).
 */
export function priceToday(
  home: { priceKind: 'sale' | 'asking'; price: number; city: string; monthsAgo: number; soldDataAllowed: boolean },
  area: AreaPrices,
): number {
  const city = home.city.trim().toLowerCase()
  if (home.priceKind === 'sale') return Math.round(home.price * (1 + (area.trend.get(city) ?? 0)) ** home.monthsAgo)
  const ratio = home.soldDataAllowed ? area.saleToList.get(city) : undefined
  return Math.round(home.price * (ratio ?? 1))
}

/** The median of each city's ratios, bounded to 85–110 %: a few odd sales say little. */
export function saleToListByCity(sales: ReadonlyArray<{ city: string; closePrice: number; listPrice: number }>): Map<string, number> {
  const byCity = new Map<string, number[]>()
  for (const sale of sales) {
    if (sale.listPrice <= 0 || sale.closePrice <= 0) continue
    const key = sale.city.trim().toLowerCase()
    const list = byCity.get(key) ?? []
    list.push(sale.closePrice / sale.listPrice)
    byCity.set(key, list)
  }
  return new Map(
    [...byCity].flatMap(([city, ratios]) => {
      if (ratios.length < 5) return []
      const sorted = ratios.sort((a, b) => a - b)
      return [[city, Math.min(1.1, Math.max(0.85, quantile(sorted, 0.5)))]]
    }),
  )
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
 * The homes of a type in a state a valuation may compare with, indexed by position (decision 073):
 * listed on the internet and not retired (leases never count); homes for sale and under contract at
 * their asking price, and sales of the last SALE_WINDOW_MONTHS where the source's MLS display
 * profile allows sold data, at their close price; every price brought to today with the cities'
 * market snapshots (their monthly trend) and sales (their sale-to-list ratio).
 */
export async function loadCandidateIndex(
  db: Kysely<Database>,
  profiles: DisplayProfiles,
  query: ComparableQuery,
  now: Date,
  /** Read in turns that give the event loop back between them (SQLite only: see `rowsInTurns`). */
  inTurns = false,
): Promise<CandidateIndex<StoredComparable>> {
  const thisMonth = now.toISOString().slice(0, 7)
  const state = query.state.trim().toUpperCase()
  const homeRows = db
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
      'lotSizeSquareFeet',
      'latitude',
      'longitude',
      'unparsedAddress',
      'internetAddressDisplayYn',
      'city',
      'postalCode',
    ])
    .where('isListed', '=', 1)
    .where('stateOrProvince', '=', state)
    .where('listingType', '=', 'sale')
    .where('propertySubType', '=', RESO_SUB_TYPE[query.propertyType])
    .where('retiredAt', 'is', null)
    .where('standardStatus', 'in', ['Active', 'Pending', 'ActiveUnderContract', 'Closed'])
  const snapshotRows = db.selectFrom('marketSnapshot').select(['cityKey', 'month', 'medianPricePerSquareFoot']).where('stateOrProvince', '=', state).execute()
  const [rows, snapshots] = await Promise.all([inTurns ? rowsInTurns(homeRows.stream()) : homeRows.execute(), snapshotRows])
  const perFoot = new Map<string, Map<string, number>>()
  for (const snapshot of snapshots) {
    if (snapshot.medianPricePerSquareFoot === null) continue
    const months = perFoot.get(snapshot.cityKey) ?? new Map<string, number>()
    months.set(snapshot.month, snapshot.medianPricePerSquareFoot)
    perFoot.set(snapshot.cityKey, months)
  }
  const soldAllowed = (source: string) => displayProfileFor(profiles, source).soldData
  const recentSales = rows.flatMap((row) => {
    if (row.standardStatus !== 'Closed' || row.closePrice === null || row.closeDate === null || !soldAllowed(row.source)) return []
    const monthsAgo = monthsBetween(row.closeDate, thisMonth)
    return monthsAgo >= 0 && monthsAgo <= SALE_WINDOW_MONTHS ? [{ row, closePrice: row.closePrice, closeDate: row.closeDate, monthsAgo }] : []
  })
  const area: AreaPrices = {
    trend: new Map([...perFoot].map(([city, months]) => [city, monthlyTrend(months, thisMonth)])),
    saleToList: saleToListByCity(recentSales.map(({ row, closePrice }) => ({ city: row.city, closePrice, listPrice: row.listPrice }))),
  }
  const candidate = (row: (typeof rows)[number], sale: { closePrice: number; closeDate: string; monthsAgo: number } | undefined): StoredComparable => {
    const common = {
      id: row.id,
      listingKey: row.listingKey,
      postalCode: row.postalCode ?? '',
      city: row.city,
      livingArea: row.livingArea,
      beds: row.bedroomsTotal,
      baths: row.bathroomsTotalInteger,
      yearBuilt: row.yearBuilt,
      lotSquareFeet: row.lotSizeSquareFeet,
      latitude: row.latitude,
      longitude: row.longitude,
      address: row.internetAddressDisplayYn === 1 ? row.unparsedAddress : null,
      storedAddress: row.unparsedAddress,
      status: row.standardStatus,
    }
    if (sale) {
      const priced = { priceKind: 'sale' as const, price: sale.closePrice, monthsAgo: sale.monthsAgo }
      return { ...common, ...priced, marketPrice: priceToday({ ...priced, city: row.city, soldDataAllowed: true }, area), date: sale.closeDate }
    }
    const priced = { priceKind: 'asking' as const, price: row.listPrice, monthsAgo: 0 }
    return {
      ...common,
      ...priced,
      marketPrice: priceToday({ ...priced, city: row.city, soldDataAllowed: soldAllowed(row.source) }, area),
      date: row.onMarketDate,
    }
  }
  const homes = [
    ...recentSales.map(({ row, ...sale }) => candidate(row, sale)),
    ...rows.flatMap((row) => (row.standardStatus === 'Closed' ? [] : [candidate(row, undefined)])),
  ].filter((home) => home.livingArea !== null && home.livingArea > 0 && home.price > 0)
  return new CandidateIndex(homes, (home) => home.storedAddress)
}
