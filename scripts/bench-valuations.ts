import { seededRandom } from '~/lib/seeded-random'
import { PROPERTY_KINDS } from '~/schemas/home'
import { getServices } from '~/server/process-services'
import { backtestGeneratedMarket, backtestLeaveOneOut, backtestPooled, type BacktestHome, type CityAccuracy } from '~/server/valuations/backtest'
import { loadCandidateIndex } from '~/server/valuations/comparables'
import { GENERATED_MARKET_SEED, GENERATED_NOISE_SIGMA } from '~/server/valuations/generated-market'

/**
 * The estimator's leave-one-out backtest (issue 27 item 7, issue 53 item 1, decisions 027 and 073),
 * run by scripts/bench-listings.mjs on the database it generated (DATA_DIR / DATABASE_URL):
 *  - the demo market: per property type and state, a sample of recent sales (BENCH_BACKTEST_SAMPLE
 *    per city and type, 300 by default, the same homes every run) is each valued from the homes near
 *    it, read by the page's own index (so the MLS display rules apply), and compared with its price
 *    today (its close price brought forward by the city's trend);
 *  - the generated market (src/server/valuations/generated-market.ts, seed 53): 20,000 homes whose
 *    true prices are known, with log-normal noise σ = 8 %, 2,000 of its sales valued the same way;
 *    its median error is printed beside the noise floor (the best any estimator can do).
 * Prints the median absolute percentage error, the 80 % range's coverage and the answers without a
 * number (too few comparables, beyond their span). Never fails on a figure.
 */

/** Published medians, for scale (their data and homes differ from a demo feed's). */
const PUBLISHED = 'published for scale: Zillow Zestimate median error ~1.9% on homes for sale, ~7.0% off market; Redfin Estimate ~2% / ~7-8%'

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length)
}

function line(label: string, row: Omit<CityAccuracy, 'city'>): string {
  return (
    `  ${pad(label, 14)} estimated ${pad(String(row.estimated), 5)} too few ${pad(String(row.tooFew), 4)} out of range ${pad(String(row.outOfRange), 4)} ` +
    `median abs. error ${row.medianAbsolutePercentError.toFixed(1)}%  80% range coverage ${(row.rangeCoverage * 100).toFixed(0)}%`
  )
}

export async function main(): Promise<number> {
  const services = await getServices()
  const sample = Number(process.env.BENCH_BACKTEST_SAMPLE ?? 300)
  const random = seededRandom(27)
  const now = services.now()
  const states = await services.db
    .selectFrom('home')
    .select('stateOrProvince')
    .where('listingType', '=', 'sale')
    .where('isListed', '=', 1)
    .distinct()
    .orderBy('stateOrProvince')
    .execute()
  const results: Array<CityAccuracy> = []
  const homes: BacktestHome[] = []
  const subjects: BacktestHome[] = []
  const started = performance.now()
  for (const { stateOrProvince } of states) {
    for (const kind of PROPERTY_KINDS) {
      const index = await loadCandidateIndex(services.db, services.config.displayProfiles, { propertyType: kind, state: stateOrProvince }, now)
      const ofKind = index.homes.map((home): BacktestHome => ({ ...home, propertyType: kind, street: home.storedAddress, priceToday: home.marketPrice }))
      homes.push(...ofKind)
      const salesByCity = new Map<string, BacktestHome[]>()
      for (const home of ofKind) if (home.priceKind === 'sale') salesByCity.set(home.city, [...(salesByCity.get(home.city) ?? []), home])
      // A fixed sample: the same homes every run, so two runs compare the estimator, not the draw.
      for (const sales of salesByCity.values())
        subjects.push(
          ...(sales.length <= sample
            ? sales
            : sales
                .map((home) => ({ home, key: random() }))
                .sort((x, y) => x.key - y.key)
                .slice(0, sample)
                .map((entry) => entry.home)),
        )
    }
  }
  const thisYear = now.getUTCFullYear()
  results.push(...backtestLeaveOneOut(homes, subjects, thisYear))
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`Valuation backtest on the demo market, leave-one-out (at most ${sample} sales per city and type, ${seconds} s); ${PUBLISHED}`)
  for (const row of results) console.log(line(row.city, row))
  console.log(line('all cities', backtestPooled(homes, subjects, thisYear)))
  await services.close()

  const generatedStarted = performance.now()
  const generated = backtestGeneratedMarket(20_000, 2_000)
  console.log(
    `Valuation backtest on the generated market (20,000 homes, seed ${GENERATED_MARKET_SEED}, log-normal noise σ = ${GENERATED_NOISE_SIGMA * 100}%, 2,000 sales valued, ` +
      `${((performance.now() - generatedStarted) / 1000).toFixed(1)} s)`,
  )
  console.log(line('generated', generated))
  console.log(
    `  noise floor ${generated.noiseFloorPercent.toFixed(1)}%: median error ${(generated.medianAbsolutePercentError / generated.noiseFloorPercent).toFixed(2)}× the floor (aim ≤ 1.15×); 80% range coverage aim 77–85%`,
  )
  return 0
}
