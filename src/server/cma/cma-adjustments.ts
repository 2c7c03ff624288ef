import type { CmaAdjustments } from '~/schemas/cma/cma'
import { quantile } from '~/server/valuations/estimate'

/*
 * A CMA's grid and range (issue 53 part 2, decision 074): each line brings the comparable to the
 * subject (a smaller, older comparable gets a positive amount); the estimator suggests the first
 * six (cma-candidates.ts), the realtor edits every line.
 */

/** A grid with every line 0 and no label: what the realtor's own lines start at. */
export function emptyAdjustments(): CmaAdjustments {
  return { market: 0, size: 0, beds: 0, baths: 0, age: 0, lot: 0, condition: 0, view: 0, pool: 0, other: { label: '', amount: 0 } }
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
