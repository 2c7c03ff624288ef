import type { CmaAdjustments, CmaSubject } from '~/schemas/cma/cma'
import { quantile } from '~/server/valuations/estimate'

/*
 * The adjustments a CMA suggests for each comparable (issue 53 part 2, decision 074): each line
 * brings the comparable to the subject, so a comparable smaller, with fewer rooms, older or on a
 * smaller lot than the subject gets a positive amount. Rates come from the candidates' own prices
 * (the area's price per square foot), as a listing agent's rules of thumb put them; the realtor
 * edits every line, and condition, view, pool and the free line are theirs alone (0 to start).
 */

export type AdjustmentRates = {
  /** Dollars per square foot of living area. */
  perSquareFoot: number
  perBed: number
  perBath: number
  /** Dollars per year newer. */
  perYear: number
  /** Dollars per square foot of lot. */
  perLotSquareFoot: number
}

/** Living area beyond the first is worth less than the average foot: the marginal foot at half the median. */
const MARGINAL_AREA_SHARE = 0.5
/** A bedroom and a bathroom as shares of the median price, on top of their area (already counted). */
const BED_SHARE = 0.015
const BATH_SHARE = 0.025
/** A year of age as a share of the median price, over at most AGE_CAP_YEARS. */
const YEAR_SHARE = 0.0025
const AGE_CAP_YEARS = 50
/** Land per square foot as a share of the median price per square foot of living area. */
const LOT_SHARE = 0.02
/** Suggestions are rounded to this many dollars: a grid of $37,412.55 claims a precision it lacks. */
const ROUND_TO = 100

/** The rates of an area from its comparables' prices and living areas; all 0 without any. */
export function adjustmentRates(comparables: ReadonlyArray<{ price: number; livingArea: number }>): AdjustmentRates {
  const usable = comparables.filter((home) => home.price > 0 && home.livingArea > 0)
  if (usable.length === 0) return { perSquareFoot: 0, perBed: 0, perBath: 0, perYear: 0, perLotSquareFoot: 0 }
  const perFoot = quantile(
    usable.map((home) => home.price / home.livingArea).sort((a, b) => a - b),
    0.5,
  )
  const price = quantile(
    usable.map((home) => home.price).sort((a, b) => a - b),
    0.5,
  )
  return {
    perSquareFoot: perFoot * MARGINAL_AREA_SHARE,
    perBed: price * BED_SHARE,
    perBath: price * BATH_SHARE,
    perYear: price * YEAR_SHARE,
    perLotSquareFoot: perFoot * LOT_SHARE,
  }
}

function rounded(amount: number): number {
  // `+ 0` turns a -0 into 0, which JSON and the grid show alike.
  return Math.round(amount / ROUND_TO) * ROUND_TO + 0
}

export type ComparableFeatures = {
  livingArea: number
  beds: number | null
  baths: number | null
  yearBuilt: number | null
  lotSizeSquareFeet: number | null
}

/** A grid with every line 0 and no label: what the realtor's own lines start at. */
export function emptyAdjustments(): CmaAdjustments {
  return { size: 0, beds: 0, baths: 0, age: 0, lot: 0, condition: 0, view: 0, pool: 0, other: { label: '', amount: 0 } }
}

/**
 * The suggested grid for one comparable. A fact either side does not know (a comparable's beds, the
 * subject's year or lot) suggests nothing for its line rather than a guess.
 */
export function suggestedAdjustments(
  subject: Pick<CmaSubject, 'livingArea' | 'beds' | 'baths' | 'yearBuilt'> & { lotSizeSquareFeet?: number | null },
  comparable: ComparableFeatures,
  rates: AdjustmentRates,
): CmaAdjustments {
  const grid = emptyAdjustments()
  grid.size = rounded((subject.livingArea - comparable.livingArea) * rates.perSquareFoot)
  if (comparable.beds !== null) grid.beds = rounded((subject.beds - comparable.beds) * rates.perBed)
  if (comparable.baths !== null) grid.baths = rounded((subject.baths - comparable.baths) * rates.perBath)
  if (subject.yearBuilt !== undefined && comparable.yearBuilt !== null) {
    const newer = Math.max(-AGE_CAP_YEARS, Math.min(AGE_CAP_YEARS, subject.yearBuilt - comparable.yearBuilt))
    grid.age = rounded(newer * rates.perYear)
  }
  const subjectLot = subject.lotSizeSquareFeet ?? null
  if (subjectLot !== null && comparable.lotSizeSquareFeet !== null) grid.lot = rounded((subjectLot - comparable.lotSizeSquareFeet) * rates.perLotSquareFoot)
  return grid
}

/** The picked comparables' adjusted prices: lowest, median, highest (what the range is reached from). */
export function rangeBasisOf(comparables: ReadonlyArray<{ picked: boolean; adjustedPrice: number }>) {
  const prices = comparables
    .filter((home) => home.picked)
    .map((home) => home.adjustedPrice)
    .sort((a, b) => a - b)
  if (prices.length === 0) return { pickedCount: 0, adjustedLow: null, adjustedMedian: null, adjustedHigh: null }
  return {
    pickedCount: prices.length,
    adjustedLow: prices[0] ?? null,
    adjustedMedian: Math.round(quantile(prices, 0.5)),
    adjustedHigh: prices.at(-1) ?? null,
  }
}

/** Great-circle distance in miles, to the hundredth. */
export function distanceInMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const EARTH_RADIUS_MILES = 3958.8
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = radians(b.latitude - a.latitude)
  const dLon = radians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h)) * 100) / 100
}

/** The estimator's dissimilarity (0 is the same home) as a 0–100 match score. */
export function matchScoreOf(dissimilarity: number): number {
  return Math.round(100 * Math.exp(-Math.max(0, dissimilarity)))
}
