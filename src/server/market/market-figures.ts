import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database, MarketSnapshotTable } from '~/server/db/schema'
import { displayProfileFor, type DisplayProfiles } from '~/server/listings/display-profile'
import { PRICE_REDUCTION_DAYS, RESO_STATUS } from '~/schemas/home'
import { PRICE_REDUCTION_STATUSES } from '~/schemas/home-list-input'

/*
 * A city's market figures (issue 27 item 4), computed from the listings store by SQL aggregates
 * that SQLite and PostgreSQL answer alike: one grouped pass for the counts, and one windowed pass
 * per median (both engines have `row_number() over`, neither shares a median function). Every city
 * at once after an import, or one city.
 *
 * What counts: listings for sale (leases never) that are on the internet and not retired.
 * - active inventory: status Active;
 * - new listings: came on the market in the 30 days before `asOf`, whatever their status now;
 * - price reductions: active or under contract, listed below their original list price, changed in
 *   the last 30 days (RESO OriginalListPrice, which every feed we read carries);
 * - sold: closed in the 90 days before `asOf`, only from sources whose MLS display profile allows
 *   sold data; months of supply = active inventory over the monthly pace of those sales;
 * - medians of the active listings' price, price per square foot (homes with an area) and days on
 *   the market.
 */

/** A snapshot row's figures (migration 0030) before they are dated; `isDemo` as a boolean. */
export type CityMarketFigures = Omit<MarketSnapshotTable, 'month' | 'asOf' | 'isDemo'> & { isDemo: boolean }

export type CityKey = { stateOrProvince: string; cityKey: string }

const DAY_MS = 86_400_000
/** Active, Pending, ActiveUnderContract: the statuses the search's price-reduced list asks for too (decision 065). */
const REDUCTION_STATUSES = PRICE_REDUCTION_STATUSES.map((status) => RESO_STATUS[status])

function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

function cityOf(row: CityKey): string {
  return JSON.stringify([row.stateOrProvince, row.cityKey])
}

/** The rows every figure is taken from, as SQL (snake_case: raw SQL passes the camel-case plugin by). */
function forSaleHomes(only: CityKey | undefined): RawBuilder<unknown> {
  const place = only ? sql`and state_or_province = ${only.stateOrProvince} and city_key = ${only.cityKey}` : sql``
  return sql`is_listed = 1 and retired_at is null and listing_type = 'sale' ${place}`
}

/**
 * The middle value of `value` per city over the rows `where` keeps (the mean of the two middle
 * values for an even count), in one windowed pass.
 */
async function mediansByCity(db: Kysely<Database>, value: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<Map<string, Array<number | string>>> {
  const result = await sql<{ stateOrProvince: string; cityKey: string; middle: number | string }>`
    select state_or_province, city_key, middle from (
      select state_or_province, city_key, middle,
        row_number() over (partition by state_or_province, city_key order by middle) as position,
        count(*) over (partition by state_or_province, city_key) as total
      from (select state_or_province, city_key, ${value} as middle from home where ${where}) as valued
    ) as ranked
    where position = (total + 1) / 2 or position = (total + 2) / 2`.execute(db)
  const middles = new Map<string, Array<number | string>>()
  for (const row of result.rows) {
    const key = cityOf(row)
    middles.set(key, [...(middles.get(key) ?? []), row.middle])
  }
  return middles
}

function meanOf(values: ReadonlyArray<number>): number | null {
  if (values.length === 0) return null
  return values.reduce((sum, value) => sum + value, 0) / values.length
}

export async function computeMarketFigures(db: Kysely<Database>, profiles: DisplayProfiles, asOf: Date, only?: CityKey): Promise<Array<CityMarketFigures>> {
  const today = isoDay(asOf)
  const since30Day = isoDay(new Date(asOf.getTime() - 30 * DAY_MS))
  const sinceReductions = new Date(asOf.getTime() - PRICE_REDUCTION_DAYS * DAY_MS).toISOString()
  const since90Day = isoDay(new Date(asOf.getTime() - 90 * DAY_MS))
  const where = forSaleHomes(only)
  const counted = await sql<{
    stateOrProvince: string
    cityKey: string
    source: string
    city: string
    demo: number | string
    listings: number | string
    active: number | string
    newListings: number | string
    reductions: number | string
    sold: number | string
  }>`
    select state_or_province, city_key, source, max(city) as city, min(is_demo) as demo, count(*) as listings,
      sum(case when standard_status = 'Active' then 1 else 0 end) as active,
      sum(case when on_market_date >= ${since30Day} and on_market_date <= ${today} then 1 else 0 end) as new_listings,
      sum(case when standard_status in (${sql.join(REDUCTION_STATUSES)}) and original_list_price > list_price
        and modification_timestamp >= ${sinceReductions} then 1 else 0 end) as reductions,
      sum(case when standard_status = 'Closed' and close_price is not null and close_date >= ${since90Day}
        and close_date <= ${today} then 1 else 0 end) as sold
    from home where ${where}
    group by state_or_province, city_key, source`.execute(db)
  if (counted.rows.length === 0) return []
  const active = sql`${where} and standard_status = 'Active'`
  const [prices, pricesPerFoot, onMarketDates] = await Promise.all([
    mediansByCity(db, sql`list_price`, active),
    mediansByCity(db, sql`list_price * 1.0 / living_area`, sql`${active} and living_area > 0`),
    mediansByCity(db, sql`on_market_date`, sql`${active} and on_market_date <= ${today}`),
  ])
  const cities = new Map<string, CityMarketFigures & { sourceListings: number }>()
  for (const row of counted.rows) {
    const key = cityOf(row)
    const listings = Number(row.listings)
    const showsSold = displayProfileFor(profiles, row.source).soldData
    const known = cities.get(key)
    const sold = showsSold ? Number(row.sold) : null
    if (!known) {
      cities.set(key, {
        stateOrProvince: row.stateOrProvince,
        cityKey: row.cityKey,
        city: row.city,
        source: row.source,
        sourceListings: listings,
        isDemo: Number(row.demo) === 1,
        listingCount: listings,
        activeCount: Number(row.active),
        newListings: Number(row.newListings),
        priceReductions: Number(row.reductions),
        soldCount: sold,
        medianListPrice: null,
        medianPricePerSquareFoot: null,
        medianDaysOnMarket: null,
        monthsOfSupply: null,
      })
      continue
    }
    // A city several sources list: counts add up, and the larger source names the report.
    if (listings > known.sourceListings) Object.assign(known, { source: row.source, sourceListings: listings, city: row.city })
    known.isDemo = known.isDemo && Number(row.demo) === 1
    known.listingCount += listings
    known.activeCount += Number(row.active)
    known.newListings += Number(row.newListings)
    known.priceReductions += Number(row.reductions)
    known.soldCount = known.soldCount === null ? sold : known.soldCount + (sold ?? 0)
  }
  const asOfMs = Date.parse(`${today}T00:00:00Z`)
  return [...cities].map(([key, { sourceListings: _sourceListings, ...city }]) => {
    const daysOnMarket = (onMarketDates.get(key) ?? []).map((day) => Math.max(0, Math.round((asOfMs - Date.parse(`${String(day)}T00:00:00Z`)) / DAY_MS)))
    const medianListPrice = meanOf((prices.get(key) ?? []).map(Number))
    const medianPricePerSquareFoot = meanOf((pricesPerFoot.get(key) ?? []).map(Number))
    const monthlySales = city.soldCount === null ? 0 : city.soldCount / 3
    return {
      ...city,
      medianListPrice: medianListPrice === null ? null : Math.round(medianListPrice),
      medianPricePerSquareFoot: medianPricePerSquareFoot === null ? null : Math.round(medianPricePerSquareFoot),
      medianDaysOnMarket: meanOf(daysOnMarket),
      monthsOfSupply: monthlySales > 0 ? Math.round((city.activeCount / monthlySales) * 10) / 10 : null,
    }
  })
}
