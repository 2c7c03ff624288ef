import { CandidateIndex } from './candidate-index'
import { monthlyTrend, priceToday, saleToListByCity, type AreaPrices } from './comparables'
import { type ComparableCandidate, estimateHomeValue, quantile } from './estimate'
import { GENERATED_MARKET_SEED, GENERATED_NOISE_FLOOR, generateMarket, type GeneratedMarket } from './generated-market'

/**
 * Leave-one-out backtest of the estimator (issue 27 item 7, issue 53 item 1): each home is valued
 * from the homes near it of its property type as if it were unknown (found by its own address, as a
 * visitor's home is), and its own price today is compared with the answer. The figures a realtor
 * judges it by: the median absolute percentage error, the share of homes whose 80 % range holds
 * their own price, and how many homes got no number (too few comparables, or beyond their span).
 */
export type BacktestHome = ComparableCandidate & {
  propertyType: string
  /** The address the home is found by (the index's own-listing match). */
  street: string | null
  /** What the estimate is judged against: the home's price today (its sale brought forward). */
  priceToday: number
}

export type Accuracy = {
  /** Homes that got a number (those without one are counted apart, not hidden). */
  estimated: number
  tooFew: number
  outOfRange: number
  medianAbsolutePercentError: number
  /** Share (0..1) of estimated homes whose low–high range contains their own price. */
  rangeCoverage: number
}

export type CityAccuracy = Accuracy & { city: string }

type Tally = { errors: number[]; covered: number; tooFew: number; outOfRange: number }

function summary({ errors, covered, tooFew, outOfRange }: Tally): Accuracy {
  return {
    estimated: errors.length,
    tooFew,
    outOfRange,
    medianAbsolutePercentError:
      errors.length === 0
        ? Number.NaN
        : quantile(
            [...errors].sort((a, b) => a - b),
            0.5,
          ) * 100,
    rangeCoverage: errors.length === 0 ? Number.NaN : covered / errors.length,
  }
}

/**
 * `subjects`: the homes to value (each from the others); every home when absent. A benchmark over
 * 100,000 listings values a sample.
 */
export function backtestLeaveOneOut(homes: readonly BacktestHome[], subjects: readonly BacktestHome[], thisYear: number): CityAccuracy[] {
  return [...tallies(homes, subjects, thisYear).entries()].map(([city, tally]) => ({ city, ...summary(tally) })).sort((a, b) => a.city.localeCompare(b.city))
}

/** The same figures for every subject as one market, errors pooled. */
export function backtestPooled(homes: readonly BacktestHome[], subjects: readonly BacktestHome[], thisYear: number): Accuracy {
  const pooled: Tally = { errors: [], covered: 0, tooFew: 0, outOfRange: 0 }
  for (const tally of tallies(homes, subjects, thisYear).values()) {
    pooled.errors.push(...tally.errors)
    pooled.covered += tally.covered
    pooled.tooFew += tally.tooFew
    pooled.outOfRange += tally.outOfRange
  }
  return summary(pooled)
}

function tallies(homes: readonly BacktestHome[], subjects: readonly BacktestHome[], thisYear: number): Map<string, Tally> {
  const indexes = new Map<string, CandidateIndex<BacktestHome>>()
  const indexOf = (propertyType: string) => {
    let index = indexes.get(propertyType)
    if (!index) {
      index = new CandidateIndex(
        homes.filter((home) => home.propertyType === propertyType),
        (home) => home.street,
      )
      indexes.set(propertyType, index)
    }
    return index
  }
  const byCity = new Map<string, Tally>()
  for (const home of subjects) {
    if (home.livingArea === null || home.livingArea <= 0 || home.beds === null || home.baths === null) continue
    const index = indexOf(home.propertyType)
    const place = { street: home.street ?? '', postalCode: home.postalCode, city: home.city }
    const origin = index.locate(place)
    const subject = {
      postalCode: home.postalCode,
      city: home.city,
      beds: home.beds,
      baths: home.baths,
      livingArea: home.livingArea,
      yearBuilt: home.yearBuilt ?? undefined,
      lotSquareFeet: home.lotSquareFeet ?? undefined,
      latitude: origin?.latitude,
      longitude: origin?.longitude,
    }
    const pool = origin ? index.nearby(origin, home.postalCode, home.id) : index.inPlace(subject, home.id)
    const result = estimateHomeValue(subject, pool, thisYear)
    const tally = byCity.get(home.city) ?? { errors: [], covered: 0, tooFew: 0, outOfRange: 0 }
    byCity.set(home.city, tally)
    if (result.kind === 'too_few') tally.tooFew += 1
    else if (result.kind === 'out_of_range') tally.outOfRange += 1
    else {
      tally.errors.push(Math.abs(result.typical - home.priceToday) / home.priceToday)
      if (result.low <= home.priceToday && home.priceToday <= result.high) tally.covered += 1
    }
  }
  return byCity
}

/** `YYYY-MM`, `back` months before `month`. */
function monthsBack(month: string, back: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - back
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`
}

/**
 * The generated market's homes as the estimator gets stored ones: prices brought to today with the
 * cities' trend (from its snapshots) and sale-to-list ratio (from its sales' list prices, which the
 * generator gives as 3 % over their value, as it asks of homes for sale).
 */
export function generatedCandidates(market: GeneratedMarket, thisMonth: string): BacktestHome[] {
  const trend = new Map(
    [...market.snapshots].map(([city, byMonth]) => [
      city.toLowerCase(),
      monthlyTrend(new Map([...byMonth].map(([back, perFoot]) => [monthsBack(thisMonth, back), perFoot])), thisMonth),
    ]),
  )
  const area: AreaPrices = {
    trend,
    saleToList: saleToListByCity(
      market.homes.flatMap((home) => (home.priceKind === 'sale' ? [{ city: home.city, closePrice: home.price, listPrice: home.listPrice }] : [])),
    ),
  }
  return market.homes.map((home) => ({
    id: home.id,
    postalCode: home.postalCode,
    city: home.city,
    price: home.price,
    marketPrice: priceToday({ ...home, soldDataAllowed: true }, area),
    priceKind: home.priceKind,
    monthsAgo: home.monthsAgo,
    livingArea: home.livingArea,
    beds: home.beds,
    baths: home.baths,
    yearBuilt: home.yearBuilt,
    lotSquareFeet: home.lotSquareFeet,
    latitude: home.latitude,
    longitude: home.longitude,
    propertyType: 'single_family',
    street: home.street,
    priceToday: home.priceToday,
  }))
}

export type GeneratedBacktest = Accuracy & {
  /** The best median absolute error possible, in percent (the noise's). */
  noiseFloorPercent: number
  homes: number
  seed: number
}

/**
 * The estimator on the generated market (generated-market.ts): `homes` homes, the first `subjects`
 * sales valued leave-one-out against their price today. What the unit test asserts and
 * `npm run bench` prints.
 */
export function backtestGeneratedMarket(homes: number, subjects: number, seed = GENERATED_MARKET_SEED): GeneratedBacktest {
  const thisYear = 2026
  const market = generateMarket(homes, seed, thisYear)
  const candidates = generatedCandidates(market, `${thisYear}-12`)
  const sales = candidates.filter((home) => home.priceKind === 'sale').slice(0, subjects)
  return { ...backtestPooled(candidates, sales, thisYear), noiseFloorPercent: GENERATED_NOISE_FLOOR * 100, homes, seed }
}
