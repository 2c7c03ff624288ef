import { type ComparableCandidate, estimateHomeValue, quantile } from './estimate'

/**
 * Leave-one-out backtest of the estimator (issue 27 item 7): each home is valued from all the others of
 * its property type as if it were unknown, and its own price is compared with the answer. The figures a
 * realtor judges it by: the median absolute percentage error and the share of homes whose range holds
 * their own price, per city.
 */
export type BacktestHome = ComparableCandidate & { propertyType: string }

export type CityAccuracy = {
  city: string
  /** Homes that got a number (those with too few comparables are counted apart, not hidden). */
  estimated: number
  tooFew: number
  medianAbsolutePercentError: number
  /** Share (0..1) of estimated homes whose low–high range contains their own price. */
  rangeCoverage: number
}

/**
 * `subjects`: the homes to value (each from all of `homes` but itself); every home when absent. A
 * benchmark over 100,000 listings values a sample, as valuing each from all the others is quadratic.
 */
export function backtestLeaveOneOut(homes: readonly BacktestHome[], subjects: readonly BacktestHome[] = homes): CityAccuracy[] {
  const byCity = new Map<string, { errors: number[]; covered: number; tooFew: number }>()
  for (const home of subjects) {
    if (home.livingArea === null || home.livingArea <= 0 || home.beds === null || home.baths === null) continue
    const others = homes.filter((other) => other.id !== home.id && other.propertyType === home.propertyType)
    const subject = {
      postalCode: home.postalCode,
      city: home.city,
      beds: home.beds,
      baths: home.baths,
      livingArea: home.livingArea,
      yearBuilt: home.yearBuilt ?? undefined,
    }
    const result = estimateHomeValue(subject, others)
    const city = byCity.get(home.city) ?? { errors: [], covered: 0, tooFew: 0 }
    byCity.set(home.city, city)
    if (result.kind === 'too_few') {
      city.tooFew += 1
      continue
    }
    city.errors.push(Math.abs(result.typical - home.price) / home.price)
    if (result.low <= home.price && home.price <= result.high) city.covered += 1
  }
  return [...byCity.entries()]
    .map(([city, { errors, covered, tooFew }]) => ({
      city,
      estimated: errors.length,
      tooFew,
      medianAbsolutePercentError:
        errors.length === 0
          ? Number.NaN
          : quantile(
              [...errors].sort((a, b) => a - b),
              0.5,
            ) * 100,
      rangeCoverage: errors.length === 0 ? Number.NaN : covered / errors.length,
    }))
    .sort((a, b) => a.city.localeCompare(b.city))
}
