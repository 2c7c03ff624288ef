import { seededRandom } from '~/lib/seeded-random'
import { PROPERTY_KINDS } from '~/schemas/home'
import { getServices } from '~/server/process-services'
import { backtestLeaveOneOut, type BacktestHome, type CityAccuracy } from '~/server/valuations/backtest'
import { findComparableCandidates } from '~/server/valuations/comparables'

/**
 * The estimator's leave-one-out backtest (issue 27 item 7, decision 027), run by
 * scripts/bench-listings.mjs on the database it generated (DATA_DIR / DATABASE_URL): per city and
 * property type, a sample of homes (BENCH_BACKTEST_SAMPLE, 300 by default, the same homes every run)
 * is each valued from all the others of the city and type, read by the page's own query (so the MLS
 * display rules apply), and compared with its own price. Prints the median absolute percentage error
 * and the range coverage per city beside Zillow's and Redfin's published figures. Never fails on a figure.
 */

/** Published medians, for scale (their data and homes differ from a demo feed's). */
const PUBLISHED = 'published for scale: Zillow Zestimate median error ~1.9% on homes for sale, ~7.0% off market; Redfin Estimate ~2% / ~7-8%'

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length)
}

export async function main(): Promise<number> {
  const services = await getServices()
  const sample = Number(process.env.BENCH_BACKTEST_SAMPLE ?? 300)
  const random = seededRandom(27)
  const places = await services.db
    .selectFrom('home')
    .select(['stateOrProvince', 'city'])
    .where('listingType', '=', 'sale')
    .where('isListed', '=', 1)
    .distinct()
    .orderBy('stateOrProvince')
    .orderBy('city')
    .execute()
  const results: Array<CityAccuracy> = []
  const started = performance.now()
  for (const place of places) {
    // One call per city: each sampled home is valued from the others of its own type (backtest.ts).
    const homes: Array<BacktestHome> = []
    const subjects: Array<BacktestHome> = []
    for (const kind of PROPERTY_KINDS) {
      const candidates = await findComparableCandidates(services.db, services.config.displayProfiles, {
        propertyType: kind,
        state: place.stateOrProvince,
        city: place.city,
        // No ZIP of its own: every home of the city is a candidate, as for a home in any of its ZIPs.
        postalCode: '-',
      })
      const ofKind = candidates.map((home): BacktestHome => ({ ...home, propertyType: kind }))
      homes.push(...ofKind)
      // A fixed sample: the same homes every run, so two runs compare the estimator, not the draw.
      subjects.push(
        ...(ofKind.length <= sample
          ? ofKind
          : ofKind
              .map((home) => ({ home, key: random() }))
              .sort((x, y) => x.key - y.key)
              .slice(0, sample)
              .map((entry) => entry.home)),
      )
    }
    results.push(...backtestLeaveOneOut(homes, subjects))
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`Valuation backtest, leave-one-out (at most ${sample} homes per city and type, ${seconds} s); ${PUBLISHED}`)
  let allEstimated = 0
  let allCovered = 0
  for (const row of results) {
    allEstimated += row.estimated
    allCovered += row.rangeCoverage * row.estimated
    console.log(
      `  ${pad(row.city, 14)} estimated ${pad(String(row.estimated), 5)} too few ${pad(String(row.tooFew), 4)} median abs. error ${row.medianAbsolutePercentError.toFixed(1)}%  range coverage ${(row.rangeCoverage * 100).toFixed(0)}%`,
    )
  }
  console.log(`  all cities: range coverage ${allEstimated === 0 ? 'n/a' : `${((allCovered / allEstimated) * 100).toFixed(0)}%`} (aim ≥ 80%)`)
  await services.close()
  return 0
}
