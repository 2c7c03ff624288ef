/*
 * A CMA comparable's adjusted price (issue 53 part 2): the one formula the server stores and the
 * workspace's grid shows live, so the two never disagree. Structural types: the ground floor
 * imports no schema (src/schemas/cma/cma.ts's `CmaAdjustments` fits).
 */

export type AdjustmentGrid = {
  market: number
  size: number
  beds: number
  baths: number
  age: number
  lot: number
  condition: number
  view: number
  pool: number
  other: { label: string; amount: number }
}

/** price + every line of the grid, in whole dollars. */
export function adjustedPriceOf(price: number, adjustments: AdjustmentGrid): number {
  const { other, ...lines } = adjustments
  return Math.round(price + Object.values(lines).reduce((sum, amount) => sum + amount, 0) + other.amount)
}
