import type { Insertable, Kysely, Transaction } from 'kysely'
import { seededRandom } from '~/lib/seeded-random'
import type { Database, MarketSnapshotTable } from '~/server/db/schema'
import { enqueuePurge } from '~/server/cdn-purge/outbox'
import { announcePurge, bumpRevisions } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'
import { computeMarketFigures, type CityMarketFigures } from './market-figures'
import { componentLogger } from '~/server/logging/logger'

/*
 * Monthly market snapshots (issue 27 item 4, migration 0030): after every import (and the demo
 * seed) each city's figures are computed and stored as the current month's row, replacing the
 * row an earlier import of the same month wrote. Past months are never rewritten, so a report's
 * trend is what the imports saw month by month. Writing moves the `listings` revision, which
 * makes the stored market pages and `GET /market` again (decision 009).
 */

type SnapshotRow = Insertable<MarketSnapshotTable>

/** `YYYY-MM` of a moment, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7)
}

function rowOf(figures: CityMarketFigures, month: string, asOf: Date): SnapshotRow {
  return {
    stateOrProvince: figures.stateOrProvince,
    cityKey: figures.cityKey,
    month,
    city: figures.city,
    source: figures.source,
    isDemo: figures.isDemo ? 1 : 0,
    listingCount: figures.listingCount,
    activeCount: figures.activeCount,
    newListings: figures.newListings,
    priceReductions: figures.priceReductions,
    soldCount: figures.soldCount,
    medianListPrice: figures.medianListPrice,
    medianPricePerSquareFoot: figures.medianPricePerSquareFoot,
    medianDaysOnMarket: figures.medianDaysOnMarket,
    monthsOfSupply: figures.monthsOfSupply,
    asOf: asOf.toISOString(),
  }
}

/** Rows per statement: both engines' parameter limits stay far away. */
const ROWS_PER_INSERT = 200

async function upsertSnapshots(db: Kysely<Database> | Transaction<Database>, rows: ReadonlyArray<SnapshotRow>, keepExisting: boolean): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('marketSnapshot')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((conflict) => {
        const target = conflict.columns(['stateOrProvince', 'cityKey', 'month'])
        if (keepExisting) return target.doNothing()
        return target.doUpdateSet((eb) => ({
          city: eb.ref('excluded.city'),
          source: eb.ref('excluded.source'),
          isDemo: eb.ref('excluded.isDemo'),
          listingCount: eb.ref('excluded.listingCount'),
          activeCount: eb.ref('excluded.activeCount'),
          newListings: eb.ref('excluded.newListings'),
          priceReductions: eb.ref('excluded.priceReductions'),
          soldCount: eb.ref('excluded.soldCount'),
          medianListPrice: eb.ref('excluded.medianListPrice'),
          medianPricePerSquareFoot: eb.ref('excluded.medianPricePerSquareFoot'),
          medianDaysOnMarket: eb.ref('excluded.medianDaysOnMarket'),
          monthsOfSupply: eb.ref('excluded.monthsOfSupply'),
          asOf: eb.ref('excluded.asOf'),
        }))
      })
      .execute()
  }
}

/** Computes every city's figures as of now and stores them as this month's snapshot; returns the cities written. */
export async function writeMarketSnapshots(services: AppServices): Promise<Array<CityMarketFigures>> {
  const asOf = services.now()
  const figures = await computeMarketFigures(services.db, services.config.displayProfiles, asOf)
  const month = monthOf(asOf)
  await services.db.transaction().execute(async (trx) => {
    await upsertSnapshots(
      trx,
      figures.map((city) => rowOf(city, month, asOf)),
      false,
    )
    await bumpRevisions(trx, 'listings')
    await enqueuePurge(trx, services, ['listings'])
  })
  announcePurge(services.config.cdnPurge, ['listings'])
  return figures
}

/**
 * After an import: the listings are stored whatever happens here, so a failed computation is
 * logged and the next import (or `npm run setup`) writes the month's figures. An import that
 * changed no listing rewrites nothing (issue 48 item 8); it writes the month's figures only when
 * the month has none yet. Returns the cities written.
 */
export async function marketAfterImport(services: AppServices, options: { listingsChanged: boolean }): Promise<number | null> {
  try {
    if (options.listingsChanged) return (await writeMarketSnapshots(services)).length
    return (await writeMarketSnapshotsIfMissing(services)) ?? 0
  } catch (error) {
    componentLogger('market').error({ err: error }, 'the snapshot after the import failed; the next import writes it')
    return null
  }
}

/**
 * For a database whose listings predate market reports, or a month no import has reached yet:
 * writes this month's snapshot when there is none. Run by `npm run setup`.
 */
export async function writeMarketSnapshotsIfMissing(services: AppServices): Promise<number | undefined> {
  const month = monthOf(services.now())
  const known = await services.db.selectFrom('marketSnapshot').select('month').where('month', '=', month).limit(1).executeTakeFirst()
  if (known) return undefined
  return (await writeMarketSnapshots(services)).length
}

/** The month `back` months before `month` (`YYYY-MM`). */
export function monthBefore(month: string, back: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number)
  const at = new Date(Date.UTC(year, monthNumber - 1 - back, 1))
  return monthOf(at)
}

/** The last moment of a month: a past month's snapshot is dated as the month's end. */
function endOfMonth(month: string): Date {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(year, monthNumber, 1) - 1000)
}

/** Months of demonstration history the demo seed writes before the current month. */
export const DEMO_HISTORY_MONTHS = 11

/**
 * A plausible past for a demo city (issue 27 item 4): prices about 5 % lower a year ago, a spring
 * peak in listings and a winter lull, and a little noise, drawn from a seed of the city and month so
 * the same seed day gives the same history. Marked as demonstration data like the demo listings.
 */
function demoMonth(current: CityMarketFigures, month: string, back: number): CityMarketFigures {
  const random = seededRandom(
    [...`${current.stateOrProvince}|${current.cityKey}|${month}`].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261),
  )
  const monthNumber = Number(month.slice(5, 7))
  const season = Math.sin(((monthNumber - 2) / 12) * 2 * Math.PI)
  const noise = () => 1 + (random() - 0.5) * 0.03
  const trend = 1 - 0.0045 * back
  const priceFactor = trend * (1 + 0.015 * season) * noise()
  const countFactor = (1 + 0.18 * season) * noise()
  const scale = (value: number | null, factor: number) => (value === null ? null : Math.round(value * factor))
  const count = (value: number) => Math.max(0, Math.round(value * countFactor * noise()))
  const activeCount = count(current.activeCount)
  const soldCount = current.soldCount === null ? null : count(current.soldCount)
  return {
    ...current,
    isDemo: true,
    listingCount: count(current.listingCount),
    activeCount,
    newListings: count(current.newListings),
    priceReductions: count(current.priceReductions),
    soldCount,
    medianListPrice: scale(current.medianListPrice, priceFactor),
    medianPricePerSquareFoot: scale(current.medianPricePerSquareFoot, priceFactor),
    medianDaysOnMarket: current.medianDaysOnMarket === null ? null : Math.max(1, Math.round(current.medianDaysOnMarket * (1 - 0.2 * season) * noise())),
    monthsOfSupply: soldCount ? Math.round((activeCount / (soldCount / 3)) * 10) / 10 : null,
  }
}

/**
 * The demo seed's history: the current month computed from the demo listings, and the
 * DEMO_HISTORY_MONTHS before it generated for every city whose listings are all demonstration
 * listings. A month some import already recorded is left as it is.
 */
export async function seedDemoMarketHistory(services: AppServices): Promise<void> {
  const asOf = services.now()
  const current = await writeMarketSnapshots(services)
  const month = monthOf(asOf)
  const rows = current
    .filter((city) => city.isDemo)
    .flatMap((city) =>
      Array.from({ length: DEMO_HISTORY_MONTHS }, (_, index) => {
        const past = monthBefore(month, index + 1)
        return rowOf(demoMonth(city, past, index + 1), past, endOfMonth(past))
      }),
    )
  if (rows.length === 0) return
  await services.db.transaction().execute(async (trx) => {
    await upsertSnapshots(trx, rows, true)
    await bumpRevisions(trx, 'listings')
    await enqueuePurge(trx, services, ['listings'])
  })
}
