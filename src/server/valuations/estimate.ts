/**
 * The home-value estimator (issue 27 item 1), a pure function so it can be unit-tested and backtested
 * leave-one-out without a database: the query that finds candidate homes lives apart from it.
 *
 * Method, as the page states it: among comparable homes of the same property type (same ZIP first,
 * then the same city), take the most similar ones by size, beds, baths and age; drop prices per sq ft
 * far from the rest (outliers); the typical value is the median price per sq ft applied to the home's
 * living area; the range is the spread of the comparables' prices per sq ft (10th to 90th percentile),
 * never narrower than a floor, so the range is honest about how much the comparables disagree.
 */

/** Below this many comparables the page says so and offers the realtor's own valuation instead. */
export const MIN_COMPARABLES = 3
/** The page shows and uses at most this many comparables (the issue asks for 6–10). */
export const MAX_COMPARABLES = 10
/** The range is never narrower than ±8% of the typical value, the spread of a small, tight sample. */
const MIN_HALF_WIDTH = 0.08
/** Median absolute deviations (scaled to σ) beyond which a price per sq ft counts as an outlier. */
const OUTLIER_DEVIATIONS = 3
/** Scale that turns a median absolute deviation into a standard-deviation equivalent. */
const MAD_TO_SIGMA = 1.4826

export type ValuationBasis = 'sold' | 'listed'

export type ValuationSubject = {
  postalCode: string
  city: string
  beds: number
  baths: number
  /** Square feet; Korean forms convert 평 and ㎡ with `areaToSquareFeet` first. */
  livingArea: number
  yearBuilt?: number | undefined
}

export type ComparableCandidate = {
  id: string
  postalCode: string
  city: string
  /** Close price for a sold home, list price otherwise. */
  price: number
  livingArea: number | null
  beds: number | null
  baths: number | null
  yearBuilt: number | null
  basis: ValuationBasis
}

export type ChosenComparable<C extends ComparableCandidate> = C & { pricePerSquareFoot: number; sameZip: boolean }

export type ValuationEstimate<C extends ComparableCandidate> =
  | { kind: 'too_few'; comparableCount: number; comparables: ChosenComparable<C>[] }
  | {
      kind: 'estimate'
      low: number
      typical: number
      high: number
      /** 'sold' only when every comparable is a sale; any listed one makes it 'listed'. */
      basis: ValuationBasis
      comparables: ChosenComparable<C>[]
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

/** Smaller is more alike: size counts most (log ratio), then rooms, then age, then a ZIP penalty. */
function dissimilarity(subject: ValuationSubject, candidate: ComparableCandidate, livingArea: number, sameZip: boolean): number {
  const size = Math.abs(Math.log(livingArea / subject.livingArea))
  const beds = candidate.beds === null ? 0.5 : Math.abs(candidate.beds - subject.beds)
  const baths = candidate.baths === null ? 0.5 : Math.abs(candidate.baths - subject.baths)
  const age = subject.yearBuilt === undefined || candidate.yearBuilt === null ? 0 : Math.abs(candidate.yearBuilt - subject.yearBuilt)
  return size + 0.1 * beds + 0.1 * baths + 0.004 * Math.min(age, 50) + (sameZip ? 0 : OTHER_ZIP_PENALTY)
}

/** Drops prices per sq ft more than a few robust deviations from the median (a typo, a teardown). */
function withoutOutliers<C extends ComparableCandidate>(chosen: ChosenComparable<C>[]): ChosenComparable<C>[] {
  if (chosen.length < 4) return chosen
  const centre = median(chosen.map((home) => home.pricePerSquareFoot))
  const deviation = median(chosen.map((home) => Math.abs(home.pricePerSquareFoot - centre))) * MAD_TO_SIGMA
  if (deviation === 0) return chosen
  return chosen.filter((home) => Math.abs(home.pricePerSquareFoot - centre) <= OUTLIER_DEVIATIONS * deviation)
}

/** Rounds money to the nearest thousand, as estimates are quoted (a false precision misleads). */
function roundToThousand(value: number): number {
  return Math.round(value / 1000) * 1000
}

/** Same ZIP (first five digits) as the subject, or undefined when neither the ZIP nor the city is the subject's. */
function placeOf(subject: ValuationSubject, candidate: ComparableCandidate): { sameZip: boolean } | undefined {
  const sameZip = candidate.postalCode.trim().slice(0, 5) === subject.postalCode.trim().slice(0, 5)
  if (!sameZip && candidate.city.trim().toLowerCase() !== subject.city.trim().toLowerCase()) return undefined
  return { sameZip }
}

/**
 * The score the estimator ranks a candidate by (smaller is more alike), or undefined when it cannot be
 * a comparable. Lets the candidate query read a narrow band of sizes first and know whether the band
 * already holds the homes the estimator would choose (value-home.ts).
 */
export function comparableScore(subject: ValuationSubject, candidate: ComparableCandidate): number | undefined {
  const place = placeOf(subject, candidate)
  if (!place || candidate.livingArea === null || candidate.livingArea <= 0 || candidate.price <= 0) return undefined
  return dissimilarity(subject, candidate, candidate.livingArea, place.sameZip)
}

/** The part of the score that is not size: a ZIP other than the subject's costs this much. */
export const OTHER_ZIP_PENALTY = 0.25

export function estimateHomeValue<C extends ComparableCandidate>(subject: ValuationSubject, candidates: readonly C[]): ValuationEstimate<C> {
  const usable = candidates.flatMap((candidate) => {
    const livingArea = candidate.livingArea
    const place = placeOf(subject, candidate)
    if (!place || livingArea === null || livingArea <= 0 || candidate.price <= 0) return []
    const chosen: ChosenComparable<C> = { ...candidate, pricePerSquareFoot: candidate.price / livingArea, sameZip: place.sameZip }
    return [{ chosen, score: dissimilarity(subject, candidate, livingArea, place.sameZip) }]
  })
  // Same ZIP first: the ZIP penalty in the score ranks them ahead, and a city home only fills in.
  const nearest = usable
    .sort((a, b) => a.score - b.score)
    .slice(0, MAX_COMPARABLES)
    .map((entry) => entry.chosen)
  const comparables = withoutOutliers(nearest)
  if (comparables.length < MIN_COMPARABLES) return { kind: 'too_few', comparableCount: comparables.length, comparables }

  const perFoot = comparables.map((home) => home.pricePerSquareFoot).sort((a, b) => a - b)
  const typical = quantile(perFoot, 0.5) * subject.livingArea
  const low = Math.min(quantile(perFoot, 0.1) * subject.livingArea, typical * (1 - MIN_HALF_WIDTH))
  const high = Math.max(quantile(perFoot, 0.9) * subject.livingArea, typical * (1 + MIN_HALF_WIDTH))
  return {
    kind: 'estimate',
    low: roundToThousand(low),
    typical: roundToThousand(typical),
    high: roundToThousand(high),
    basis: comparables.every((home) => home.basis === 'sold') ? 'sold' : 'listed',
    comparables,
  }
}
