import { msg } from '@lingui/core/macro'
import type { Selectable } from 'kysely'
import { marketCitySlug } from '~/lib/market-paths'
import { marketQuerySchema, type MarketCity, type MarketFigures, type MarketReport, type MarketReportRequest, type RealtorMarketReport } from '~/schemas/market'
import { AppError, parseInput } from '~/server/app-error'
import type { MarketSnapshotTable } from '~/server/db/schema'
import { listingSourceOf } from '~/server/listings/display-profile'
import { lastRunsOf } from '~/server/listings/home-store'
import { dependsOn, dependsOnRealtor } from '~/server/pages/page-dependencies'
import type { AppServices } from '~/server/services'
import { monthOf } from './snapshots'

/*
 * The read side of market reports (issue 27 item 4): the pages and `GET /market` read the stored
 * monthly snapshots (snapshots.ts), never the listings, so a report costs one small query and is
 * the same on every process. Every read says it depends on the listings (decision 009): a new
 * snapshot moves that revision.
 */

/** Months a report's trend shows, the current one included. */
export const TREND_MONTHS = 12

type SnapshotRow = Selectable<MarketSnapshotTable>

function figuresOf(row: SnapshotRow): MarketFigures {
  return {
    month: row.month,
    asOf: row.asOf,
    listingCount: Number(row.listingCount),
    activeCount: Number(row.activeCount),
    newListings: Number(row.newListings),
    priceReductions: Number(row.priceReductions),
    soldCount: row.soldCount === null ? null : Number(row.soldCount),
    medianListPrice: row.medianListPrice,
    medianPricePerSquareFoot: row.medianPricePerSquareFoot,
    medianDaysOnMarket: row.medianDaysOnMarket,
    monthsOfSupply: row.monthsOfSupply,
  }
}

/** A city's report as of its latest snapshot; undefined when no import has recorded the city. */
export async function readMarketReport(services: AppServices, city: { stateOrProvince: string; cityKey: string }): Promise<MarketReport | undefined> {
  dependsOn('listings')
  const rows = await services.db
    .selectFrom('marketSnapshot')
    .selectAll()
    .where('stateOrProvince', '=', city.stateOrProvince)
    .where('cityKey', '=', city.cityKey)
    .orderBy('month', 'desc')
    .limit(TREND_MONTHS)
    .execute()
  const latest = rows[0]
  if (!latest) return undefined
  const lastRuns = await lastRunsOf(services.db, [latest.source])
  return {
    city: latest.city,
    state: latest.stateOrProvince,
    slug: marketCitySlug(latest.city, latest.stateOrProvince),
    isDemo: rows.some((row) => row.isDemo === 1),
    source: listingSourceOf(services.config.displayProfiles, latest.source, lastRuns.get(latest.source) ?? null),
    current: figuresOf(latest),
    trend: rows.map(figuresOf).reverse(),
    // The running month (UTC, as snapshots are cut) has figures to date, not a whole month's.
    monthToDate: latest.month === monthOf(services.now()),
  }
}

const noFigures = () => new AppError('NOT_FOUND', msg`There are no market figures for this city yet`)

/** `GET /market?state=&city=`: 400 with field errors for a bad query, 404 for a city no import has recorded. */
export async function marketReportByName(services: AppServices, query: unknown): Promise<MarketReport> {
  const { state, city } = parseInput(marketQuerySchema, query)
  const report = await readMarketReport(services, { stateOrProvince: state, cityKey: city.toLowerCase() })
  if (!report) throw noFigures()
  return report
}

/**
 * The cities of a realtor's region (spec §3) that have figures, in the region's order; undefined
 * when the address names no published homepage.
 */
export async function realtorMarketCities(services: AppServices, desiredUrl: string): Promise<Array<MarketCity> | undefined> {
  const { db } = services
  const realtor = await db
    .selectFrom('realtor')
    .select(['id', 'revision'])
    .where('desiredUrlKey', '=', desiredUrl.toLowerCase())
    .where('isMakeHomepage', '=', 'Y')
    .executeTakeFirst()
  if (!realtor) return undefined
  dependsOnRealtor(realtor.id, Number(realtor.revision))
  dependsOn('listings')
  const regions = await db.selectFrom('activityRegion').select(['state', 'cityKey']).where('realtorId', '=', realtor.id).orderBy('sortOrder').execute()
  if (regions.length === 0) return []
  const rows = await db
    .selectFrom('marketSnapshot')
    .select(['stateOrProvince', 'cityKey', 'city', 'month', 'activeCount', 'medianListPrice'])
    .where((eb) => eb.or(regions.map((region) => eb.and([eb('stateOrProvince', '=', region.state), eb('cityKey', '=', region.cityKey)]))))
    .orderBy('month', 'desc')
    .execute()
  const cities: Array<MarketCity> = []
  const seen = new Set<string>()
  for (const region of regions) {
    const key = `${region.state}|${region.cityKey}`
    const latest = rows.find((row) => row.stateOrProvince === region.state && row.cityKey === region.cityKey)
    if (!latest || seen.has(key)) continue
    seen.add(key)
    cities.push({
      city: latest.city,
      state: latest.stateOrProvince,
      slug: marketCitySlug(latest.city, latest.stateOrProvince),
      activeCount: Number(latest.activeCount),
      medianListPrice: latest.medianListPrice,
    })
  }
  return cities
}

/** One city's report on a realtor's site, with the realtor's other cities; undefined: not a city of theirs with figures. */
export async function realtorMarketReport(services: AppServices, request: MarketReportRequest): Promise<RealtorMarketReport | undefined> {
  const cities = await realtorMarketCities(services, request.desiredUrl)
  const city = cities?.find((item) => item.slug === request.city.toLowerCase())
  if (!cities || !city) return undefined
  const report = await readMarketReport(services, { stateOrProvince: city.state, cityKey: city.city.trim().toLowerCase() })
  return report ? { report, cities } : undefined
}
