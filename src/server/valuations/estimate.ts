import { ADJUSTED_FEATURES, type AdjustedFeature } from '~/lib/home-value'
import type { OutOfRangeReason, ValuationAdjustments } from '~/schemas/valuations'

/**
 * The home-value estimator (issue 27 item 1, reworked by issue 53 item 1, decision 073), a pure
 * function so it can be unit-tested and backtested leave-one-out without a database: the index that
 * finds nearby candidates lives apart from it (candidate-index.ts).
 *
 * Method, as the page states it: the nearest homes of the same type (recent sales brought to today
 * by the city's monthly trend, asking prices discounted by the area's sale-to-list ratio) teach what
 * each square foot, bedroom, bathroom, year of age and lot size is worth here (a Huber-robust
 * regression on their log prices); each comparable's price is adjusted by that for every way it
 * differs from the home; the most alike (the match score: distance, size, rooms, age, recency, a sale
 * over an asking price) are combined, weighted by their score, into the typical value; the range is
 * an 80 % prediction interval, measured as one. A home beyond what its comparables span gets no number.
 */

/** Below this many comparables the page says so and offers the realtor's own valuation instead. */
export const MIN_COMPARABLES = 3
/** The page shows and uses at most this many comparables (the issue asks for 6–10). */
export const MAX_COMPARABLES = 10
/** The range's intended coverage: an 80 % prediction interval. */
export const RANGE_COVERAGE = 0.8
/** Below this many homes nearby the regression is not trusted and the default adjustments stand in. */
const MIN_HOMES_TO_FIT = 25
/**
 * How far beyond its comparables a home may lie and still get a number: 25 % bigger than the
 * biggest (or smaller than the smallest), one bedroom or bathroom more (or fewer). Further out the
 * adjustments extrapolate a line measured elsewhere, and the page says why it will not guess.
 */
export const OUT_OF_RANGE_MARGINS = { livingAreaFactor: 1.25, beds: 1, baths: 1 } as const
/** Median absolute deviations (scaled to σ) beyond which an adjusted price counts as an outlier. */
const OUTLIER_DEVIATIONS = 3
const MAD_TO_SIGMA = 1.4826
/** The range is never narrower than ±5 % of the typical value, however alike the comparables. */
const MIN_HALF_WIDTH = 0.05
const MILES_PER_DEGREE_LATITUDE = 69.05

export type ComparablePriceKind = 'sale' | 'asking'

export type ValuationSubject = {
  postalCode: string
  city: string
  beds: number
  baths: number
  /** Square feet; Korean forms convert 평 and ㎡ with `areaToSquareFeet` first. */
  livingArea: number
  yearBuilt?: number | undefined
  lotSquareFeet?: number | undefined
  /** Where the home is, when known (its own listing's position, else its ZIP's centre): distances start here. */
  latitude?: number | undefined
  longitude?: number | undefined
}

export type ComparableCandidate = {
  id: string
  postalCode: string
  city: string
  /** Close price for a sale, list price otherwise, as stored. */
  price: number
  /** `price` as of today: a sale moved by the city's trend, an asking price by the sale-to-list ratio. */
  marketPrice: number
  priceKind: ComparablePriceKind
  /** Whole months since the sale (0 for an asking price): recency counts in the match. */
  monthsAgo: number
  livingArea: number | null
  beds: number | null
  baths: number | null
  yearBuilt: number | null
  lotSquareFeet: number | null
  latitude: number | null
  longitude: number | null
}

export type ScoredComparable<C extends ComparableCandidate> = C & {
  /** Straight-line miles from the home; null when either position is unknown. */
  distanceMiles: number | null
  sameZip: boolean
  pricePerSquareFoot: number
  adjustments: ValuationAdjustments
  adjustedPrice: number
  /** 0–100, higher is more alike. */
  matchScore: number
}

export type ValuationEstimate<C extends ComparableCandidate> =
  | { kind: 'too_few'; comparables: ScoredComparable<C>[] }
  | { kind: 'out_of_range'; reasons: OutOfRangeReason[]; comparables: ScoredComparable<C>[] }
  | {
      kind: 'estimate'
      low: number
      typical: number
      high: number
      /** 'sold' only when every comparable is a sale; any asking price makes it 'listed'. */
      basis: 'sold' | 'listed'
      comparables: ScoredComparable<C>[]
    }

/** Linear-interpolated quantile of sorted values (q in 0..1). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN
  const position = (sorted.length - 1) * q
  const below = Math.floor(position)
  const above = Math.ceil(position)
  const lower = sorted[below] ?? Number.NaN
  const upper = sorted[above] ?? lower
  return lower + (upper - lower) * (position - below)
}

function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  )
}

/** Straight-line miles between two positions (equirectangular: exact enough within a few dozen miles). */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const north = (a.latitude - b.latitude) * MILES_PER_DEGREE_LATITUDE
  const east = (a.longitude - b.longitude) * MILES_PER_DEGREE_LATITUDE * Math.cos((((a.latitude + b.latitude) / 2) * Math.PI) / 180)
  return Math.hypot(north, east)
}

function positionOf(home: {
  latitude?: number | null | undefined
  longitude?: number | null | undefined
}): { latitude: number; longitude: number } | undefined {
  return home.latitude === null || home.latitude === undefined || home.longitude === null || home.longitude === undefined
    ? undefined
    : { latitude: home.latitude, longitude: home.longitude }
}

/**
 * What a feature is worth in this area, on the log scale of price: `livingArea` and `lot` as
 * elasticities (per log unit of sq ft), `beds` and `baths` per room, `age` per year.
 */
export type FeatureCoefficients = Record<AdjustedFeature, number>

/**
 * Where too few homes nearby teach anything: price grows with size at an elasticity of 0.6 (the
 * figure most hedonic studies land near) and nothing else is adjusted for.
 */
export const DEFAULT_COEFFICIENTS: FeatureCoefficients = { livingArea: 0.6, beds: 0, baths: 0, age: 0, lot: 0 }

/**
 * Bounds a fitted coefficient may not leave: a neighbourhood of a dozen homes can say that a
 * bedroom costs 40 %, and a comparable adjusted by that is worse than one not adjusted.
 */
const COEFFICIENT_BOUNDS: Record<AdjustedFeature, readonly [number, number]> = {
  livingArea: [0.2, 1.1],
  beds: [-0.05, 0.12],
  baths: [-0.03, 0.12],
  age: [-0.012, 0.004],
  lot: [0, 0.35],
}

/** The order adjustments are applied in (each on the price the one before left). */
const FEATURE_ORDER: readonly AdjustedFeature[] = ADJUSTED_FEATURES

/** A figure per feature, in FEATURE_ORDER (`index` is the feature's place in it). */
function byFeature(value: (feature: AdjustedFeature, index: number) => number): Record<AdjustedFeature, number> {
  return { livingArea: value('livingArea', 0), beds: value('beds', 1), baths: value('baths', 2), age: value('age', 3), lot: value('lot', 4) }
}

/** A home's features on the regression's scale; undefined where unknown. */
function featuresOf(
  home: Pick<ComparableCandidate, 'livingArea' | 'beds' | 'baths' | 'yearBuilt' | 'lotSquareFeet'>,
  thisYear: number,
): Record<AdjustedFeature, number | undefined> {
  return {
    livingArea: home.livingArea !== null && home.livingArea > 0 ? Math.log(home.livingArea) : undefined,
    beds: home.beds ?? undefined,
    baths: home.baths ?? undefined,
    age: home.yearBuilt !== null ? Math.max(0, thisYear - home.yearBuilt) : undefined,
    lot: home.lotSquareFeet !== null && home.lotSquareFeet > 0 ? Math.log(home.lotSquareFeet) : undefined,
  }
}

/** Solves A x = b (A symmetric positive definite after the ridge) by Gaussian elimination with pivoting. */
function solve(matrix: number[][], vector: number[]): number[] | undefined {
  const size = vector.length
  const rows = matrix.map((row, index) => [...row, vector[index] ?? 0])
  for (let column = 0; column < size; column++) {
    let pivot = column
    for (let row = column + 1; row < size; row++) if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row
    const pivotRow = rows[pivot]
    const current = rows[column]
    if (!pivotRow || !current) return undefined
    rows[pivot] = current
    rows[column] = pivotRow
    const lead = pivotRow[column] ?? 0
    if (Math.abs(lead) < 1e-12) return undefined
    for (let row = column + 1; row < size; row++) {
      const target = rows[row]
      if (!target) continue
      const factor = (target[column] ?? 0) / lead
      for (let k = column; k <= size; k++) target[k] = (target[k] ?? 0) - factor * (pivotRow[k] ?? 0)
    }
  }
  const solution = new Array<number>(size).fill(0)
  for (let row = size - 1; row >= 0; row--) {
    const current = rows[row]
    if (!current) return undefined
    let sum = current[size] ?? 0
    for (let k = row + 1; k < size; k++) sum -= (current[k] ?? 0) * (solution[k] ?? 0)
    solution[row] = sum / (current[row] ?? 1)
  }
  return solution
}

export type AreaModel = {
  coefficients: FeatureCoefficients
  /** The robust standard deviation of one home's log price around the model: how far a home strays from its features. */
  residualScale: number
  /** Homes the model was fitted on (0: the defaults stand in). */
  fittedOn: number
}

/**
 * Fits log(price today) on the features, plus east and north miles from the home valued (so that
 * a richer side of the area is not mistaken for the worth of the features found there), by Huber
 * regression: iteratively reweighted least squares, where a home further than 1.345 robust
 * deviations from the line counts less, so a typo or a teardown does not bend it. Columns are
 * centred and scaled, with a small ridge so a feature every home shares (all lots unknown) fits
 * to zero instead of failing.
 */
export function fitAreaModel(homes: readonly ComparableCandidate[], origin: { latitude: number; longitude: number } | undefined, thisYear: number): AreaModel {
  const rows = homes.flatMap((home) => {
    const features = featuresOf(home, thisYear)
    if (features.livingArea === undefined || home.marketPrice <= 0) return []
    const position = positionOf(home)
    const north = origin && position ? (position.latitude - origin.latitude) * MILES_PER_DEGREE_LATITUDE : 0
    const east = origin && position ? (position.longitude - origin.longitude) * MILES_PER_DEGREE_LATITUDE * Math.cos((origin.latitude * Math.PI) / 180) : 0
    return [{ features, north, east, y: Math.log(home.marketPrice) }]
  })
  if (rows.length < MIN_HOMES_TO_FIT) return { coefficients: DEFAULT_COEFFICIENTS, residualScale: fallbackScale(homes), fittedOn: 0 }
  // Unknown beds, baths, age or lot take the area's median: the home then neither pulls nor pushes that coefficient.
  const medians = byFeature((feature) => {
    const known = rows.flatMap((row) => (row.features[feature] === undefined ? [] : [row.features[feature]]))
    return known.length === 0 ? 0 : median(known)
  })
  const columns = (row: (typeof rows)[number]) => [...FEATURE_ORDER.map((feature) => row.features[feature] ?? medians[feature]), row.east, row.north]
  const matrix = rows.map(columns)
  const width = matrix[0]?.length ?? 0
  const means = Array.from({ length: width }, (_, column) => matrix.reduce((sum, row) => sum + (row[column] ?? 0), 0) / matrix.length)
  const scales = Array.from({ length: width }, (_, column) => {
    const variance = matrix.reduce((sum, row) => sum + ((row[column] ?? 0) - (means[column] ?? 0)) ** 2, 0) / matrix.length
    return Math.sqrt(variance) || 1
  })
  const x = matrix.map((row) => row.map((value, column) => (value - (means[column] ?? 0)) / (scales[column] ?? 1)))
  const y = rows.map((row) => row.y)
  let weights = rows.map(() => 1)
  let beta = new Array<number>(width + 1).fill(0)
  let scale = 0
  for (let iteration = 0; iteration < 10; iteration++) {
    const size = width + 1
    const normal = Array.from({ length: size }, () => new Array<number>(size).fill(0))
    const right = new Array<number>(size).fill(0)
    x.forEach((row, index) => {
      const w = weights[index] ?? 0
      const full = [1, ...row]
      for (let i = 0; i < size; i++) {
        right[i] = (right[i] ?? 0) + w * (full[i] ?? 0) * (y[index] ?? 0)
        const normalRow = normal[i]
        if (!normalRow) continue
        for (let j = 0; j < size; j++) normalRow[j] = (normalRow[j] ?? 0) + w * (full[i] ?? 0) * (full[j] ?? 0)
      }
    })
    // A light ridge on the slopes (not the intercept): about one home's worth of pull to zero.
    for (let i = 1; i < size; i++) {
      const normalRow = normal[i]
      if (normalRow) normalRow[i] = (normalRow[i] ?? 0) + 1
    }
    const next = solve(normal, right)
    if (!next) break
    beta = next
    const residuals = x.map((row, index) => (y[index] ?? 0) - (beta[0] ?? 0) - row.reduce((sum, value, column) => sum + value * (beta[column + 1] ?? 0), 0))
    scale = MAD_TO_SIGMA * median(residuals.map(Math.abs))
    const threshold = 1.345 * (scale || 1e-6)
    weights = residuals.map((residual) => (Math.abs(residual) <= threshold ? 1 : threshold / Math.abs(residual)))
  }
  const coefficients = byFeature((feature, column) => {
    const [low, high] = COEFFICIENT_BOUNDS[feature]
    const slope = (beta[column + 1] ?? 0) / (scales[column] ?? 1)
    return Math.min(high, Math.max(low, slope))
  })
  return { coefficients, residualScale: scale, fittedOn: rows.length }
}

/** Without a model, the spread of price per sq ft stands in for how far one home strays. */
function fallbackScale(homes: readonly ComparableCandidate[]): number {
  const logs = homes.flatMap((home) => (home.livingArea && home.livingArea > 0 && home.marketPrice > 0 ? [Math.log(home.marketPrice / home.livingArea)] : []))
  if (logs.length < 2) return 0.15
  const centre = median(logs)
  return Math.max(0.05, MAD_TO_SIGMA * median(logs.map((value) => Math.abs(value - centre))))
}

/** Rounds money to the nearest hundred (adjustments) or thousand (estimates): false precision misleads. */
function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step
}

/**
 * The comparable's price made the home's: for each feature in turn, the price is multiplied by
 * e^(coefficient × (home − comparable)), and the dollars that step adds are that feature's
 * adjustment, so the adjustments sum to the adjusted price less the price today. A feature unknown
 * on either side is not adjusted for.
 */
export function adjustComparable(
  subject: ValuationSubject,
  comparable: ComparableCandidate,
  coefficients: FeatureCoefficients,
  thisYear: number,
): { adjustments: ValuationAdjustments; adjustedPrice: number } {
  const home = featuresOf(
    {
      livingArea: subject.livingArea,
      beds: subject.beds,
      baths: subject.baths,
      yearBuilt: subject.yearBuilt ?? null,
      lotSquareFeet: subject.lotSquareFeet ?? null,
    },
    thisYear,
  )
  const other = featuresOf(comparable, thisYear)
  let running = comparable.marketPrice
  const adjustments: ValuationAdjustments = { livingArea: 0, beds: 0, baths: 0, age: 0, lot: 0 }
  for (const feature of FEATURE_ORDER) {
    const mine = home[feature]
    const theirs = other[feature]
    if (mine === undefined || theirs === undefined || mine === theirs) continue
    const next = running * Math.exp(coefficients[feature] * (mine - theirs))
    adjustments[feature] = roundTo(next - running, 100)
    running = next
  }
  const adjustedPrice = comparable.marketPrice + FEATURE_ORDER.reduce((sum, feature) => sum + adjustments[feature], 0)
  return { adjustments, adjustedPrice }
}

/**
 * How unlike the home a comparable is (0 is the same home next door, sold this month): a mile
 * costs about as much as 30 % more living area; an asking price costs as much as a sale a year old,
 * as a list price says what a seller hopes, not what a buyer paid.
 */
function mismatch(subject: ValuationSubject, comparable: ComparableCandidate, distanceMiles: number | null, sameZip: boolean): number {
  const place = distanceMiles !== null ? 0.5 * distanceMiles : sameZip ? 0.3 : 0.8
  const size = comparable.livingArea && comparable.livingArea > 0 ? 2 * Math.abs(Math.log(comparable.livingArea / subject.livingArea)) : 2
  const beds = comparable.beds === null ? 0.2 : 0.12 * Math.abs(comparable.beds - subject.beds)
  const baths = comparable.baths === null ? 0.15 : 0.08 * Math.abs(comparable.baths - subject.baths)
  const age = subject.yearBuilt === undefined || comparable.yearBuilt === null ? 0 : 0.006 * Math.min(60, Math.abs(comparable.yearBuilt - subject.yearBuilt))
  const recency = 0.02 * comparable.monthsAgo
  const asking = comparable.priceKind === 'asking' ? 0.25 : 0
  return place + size + beds + baths + age + recency + asking
}

function samePlace(subject: Pick<ValuationSubject, 'postalCode'>, candidate: Pick<ComparableCandidate, 'postalCode'>): boolean {
  return candidate.postalCode.trim().slice(0, 5) === subject.postalCode.trim().slice(0, 5)
}

/**
 * Every usable candidate scored, adjusted and sorted by match (best first): what the estimator
 * chooses its comparables from, and what a CMA offers the realtor to pick from.
 */
export function rankCandidates<C extends ComparableCandidate>(
  subject: ValuationSubject,
  candidates: readonly C[],
  thisYear: number,
  model: AreaModel = fitAreaModel(candidates, positionOf(subject), thisYear),
): ScoredComparable<C>[] {
  const origin = positionOf(subject)
  const scored = candidates.flatMap((candidate) => {
    if (candidate.livingArea === null || candidate.livingArea <= 0 || candidate.price <= 0 || candidate.marketPrice <= 0) return []
    const position = positionOf(candidate)
    const distanceMiles = origin && position ? milesBetween(origin, position) : null
    const sameZip = samePlace(subject, candidate)
    const { adjustments, adjustedPrice } = adjustComparable(subject, candidate, model.coefficients, thisYear)
    const weight = Math.exp(-mismatch(subject, candidate, distanceMiles, sameZip))
    const entry: ScoredComparable<C> = {
      ...candidate,
      distanceMiles,
      sameZip,
      pricePerSquareFoot: candidate.price / candidate.livingArea,
      adjustments,
      adjustedPrice,
      matchScore: Math.round(weight * 1000) / 10,
    }
    return [{ entry, weight }]
  })
  return scored.sort((a, b) => b.weight - a.weight || a.entry.id.localeCompare(b.entry.id)).map(({ entry }) => entry)
}

/** Drops adjusted prices more than a few robust deviations from the median (a typo, a teardown). */
function withoutOutliers<C extends ComparableCandidate>(chosen: ScoredComparable<C>[]): ScoredComparable<C>[] {
  if (chosen.length < 4) return chosen
  const logs = chosen.map((home) => Math.log(home.adjustedPrice))
  const centre = median(logs)
  const deviation = median(logs.map((value) => Math.abs(value - centre))) * MAD_TO_SIGMA
  if (deviation === 0) return chosen
  return chosen.filter((_, index) => Math.abs((logs[index] ?? centre) - centre) <= OUTLIER_DEVIATIONS * deviation)
}

/** The ways the home lies beyond what its comparables span, margins included (none: it may be valued). */
export function outOfRangeReasons(subject: ValuationSubject, comparables: readonly ComparableCandidate[]): OutOfRangeReason[] {
  const reasons: OutOfRangeReason[] = []
  const span = (values: number[]) => (values.length === 0 ? undefined : { low: Math.min(...values), high: Math.max(...values) })
  const areas = span(comparables.flatMap((home) => (home.livingArea ? [home.livingArea] : [])))
  if (areas) {
    const low = Math.round(areas.low / OUT_OF_RANGE_MARGINS.livingAreaFactor)
    const high = Math.round(areas.high * OUT_OF_RANGE_MARGINS.livingAreaFactor)
    if (subject.livingArea < low || subject.livingArea > high) reasons.push({ feature: 'livingArea', value: subject.livingArea, low, high })
  }
  for (const feature of ['beds', 'baths'] as const) {
    const rooms = span(comparables.flatMap((home) => (home[feature] === null ? [] : [home[feature]])))
    if (!rooms) continue
    const low = Math.max(0, rooms.low - OUT_OF_RANGE_MARGINS[feature])
    const high = rooms.high + OUT_OF_RANGE_MARGINS[feature]
    if (subject[feature] < low || subject[feature] > high) reasons.push({ feature, value: subject[feature], low, high })
  }
  return reasons
}

/**
 * Two-sided 80 % quantile of Student's t by degrees of freedom (1–30); beyond, the normal's 1.282.
 * The effective count of the weighted comparables sets the degrees of freedom.
 */
const T_80 = [
  Number.NaN,
  3.078,
  1.886,
  1.638,
  1.533,
  1.476,
  1.44,
  1.415,
  1.397,
  1.383,
  1.372,
  1.363,
  1.356,
  1.35,
  1.345,
  1.341,
  1.337,
  1.333,
  1.33,
  1.328,
  1.325,
  1.323,
  1.321,
  1.319,
  1.318,
  1.316,
  1.315,
  1.314,
  1.313,
  1.311,
  1.31,
]

/**
 * Calibration of the interval, measured (decision 073): the model's residual scale is the error of
 * one home against its features, which the typical value's own error (the comparables' weighted
 * mean, and the adjustments' error) adds to. This factor, found on the generated market whose
 * noise is known, makes the 80 % interval cover 80 % of homes there.
 */
const INTERVAL_CALIBRATION = 1

/**
 * The estimate from candidates (the nearest homes of the home's type, prices today): rank them,
 * keep the ten most alike (less any outlier), refuse a home beyond their span, and combine their
 * adjusted prices, weighted by match, on the log scale.
 */
export function estimateHomeValue<C extends ComparableCandidate>(subject: ValuationSubject, candidates: readonly C[], thisYear: number): ValuationEstimate<C> {
  const model = fitAreaModel(candidates, positionOf(subject), thisYear)
  const ranked = rankCandidates(subject, candidates, thisYear, model)
  const comparables = withoutOutliers(ranked.slice(0, MAX_COMPARABLES))
  if (comparables.length < MIN_COMPARABLES) return { kind: 'too_few', comparables }
  const reasons = outOfRangeReasons(subject, comparables)
  if (reasons.length > 0) return { kind: 'out_of_range', reasons, comparables }

  const weights = comparables.map((home) => Math.max(home.matchScore, 0.1))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const logs = comparables.map((home) => Math.log(home.adjustedPrice))
  const centre = logs.reduce((sum, value, index) => sum + value * (weights[index] ?? 0), 0) / total
  const effectiveCount = total ** 2 / weights.reduce((sum, weight) => sum + weight ** 2, 0)
  const spread = Math.sqrt(logs.reduce((sum, value, index) => sum + (weights[index] ?? 0) * (value - centre) ** 2, 0) / total)
  // One home's own scatter (the model's, or the comparables' when no model), plus the typical value's error.
  const homeScale = model.fittedOn > 0 ? model.residualScale : spread
  const deviation = Math.sqrt(homeScale ** 2 + spread ** 2 / effectiveCount)
  const t = T_80[Math.min(Math.max(1, Math.round(effectiveCount) - 1), T_80.length - 1)] ?? 1.282
  const halfWidth = Math.max(MIN_HALF_WIDTH, t * deviation * INTERVAL_CALIBRATION)
  const typical = Math.exp(centre)
  return {
    kind: 'estimate',
    low: roundTo(typical * Math.exp(-halfWidth), 1000),
    typical: roundTo(typical, 1000),
    high: roundTo(typical * Math.exp(halfWidth), 1000),
    basis: comparables.every((home) => home.priceKind === 'sale') ? 'sold' : 'listed',
    comparables,
  }
}
