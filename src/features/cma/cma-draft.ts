import { adjustedPriceOf, type AdjustmentGrid } from '~/lib/cma-adjustments'
import { CMA_ADJUSTMENT_FEATURES, type Cma, type CmaAdjustmentFeature, type CmaComparablePatch, type CmaPatch } from '~/schemas/cma/cma'
import { typedDollars } from './cma-labels'

/*
 * What the realtor is editing in a CMA (issue 53), kept as typed: the grid's cells as text (a
 * half-typed "-" must stay), which comparables are picked, the range and the note. Everything the
 * screen shows live (each adjusted price, the picked ones' spread) is computed from it with the
 * server's own formula (src/lib/cma-adjustments.ts); saving sends only what changed.
 */

export type GridText = Record<CmaAdjustmentFeature, string> & { otherLabel: string; otherAmount: string }

export type CmaDraft = {
  comparables: Record<string, { picked: boolean; grid: GridText }>
  recommendedLow: string
  recommendedHigh: string
  note: string
}

function gridText(grid: AdjustmentGrid): GridText {
  const text: GridText = {
    market: '',
    size: '',
    beds: '',
    baths: '',
    age: '',
    lot: '',
    condition: '',
    view: '',
    pool: '',
    otherLabel: grid.other.label,
    otherAmount: String(grid.other.amount),
  }
  for (const feature of CMA_ADJUSTMENT_FEATURES) text[feature] = String(grid[feature])
  return text
}

export function draftOf(cma: Cma): CmaDraft {
  return {
    comparables: Object.fromEntries(
      cma.comparables.map((comparable) => [comparable.id, { picked: comparable.picked, grid: gridText(comparable.adjustments) }]),
    ),
    recommendedLow: cma.recommendedLow === null ? '' : String(cma.recommendedLow),
    recommendedHigh: cma.recommendedHigh === null ? '' : String(cma.recommendedHigh),
    note: cma.note,
  }
}

/** A cell's amount; a cell that is not a whole number counts as 0 until it is (its error says so). */
function cellAmount(text: string): number {
  const amount = typedDollars(text)
  return Number.isInteger(amount) ? amount : 0
}

/** Whether a cell holds what the schema takes: a whole number of dollars (or nothing, which is 0). */
export function isValidCell(text: string): boolean {
  const amount = typedDollars(text)
  return Number.isInteger(amount) && Math.abs(amount) <= 100_000_000
}

export function gridOf(text: GridText): AdjustmentGrid {
  return {
    market: cellAmount(text.market),
    size: cellAmount(text.size),
    beds: cellAmount(text.beds),
    baths: cellAmount(text.baths),
    age: cellAmount(text.age),
    lot: cellAmount(text.lot),
    condition: cellAmount(text.condition),
    view: cellAmount(text.view),
    pool: cellAmount(text.pool),
    other: { label: text.otherLabel.trim(), amount: cellAmount(text.otherAmount) },
  }
}

/** A comparable's adjusted price as the grid stands now. */
export function liveAdjustedPrice(price: number, text: GridText): number {
  return adjustedPriceOf(price, gridOf(text))
}

/** The picked comparables' adjusted prices: lowest, median and highest; null without any. */
export function adjustedSpread(prices: ReadonlyArray<number>): { low: number; median: number; high: number } | null {
  if (prices.length === 0) return null
  const sorted = [...prices].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2)
  return { low: sorted[0] ?? 0, median, high: sorted.at(-1) ?? 0 }
}

/**
 * The adjusted spread as a list-price range: out to whole thousands (the low down, the high up),
 * as a price is asked, and never narrower than what the comparables say. The report's "how it
 * was reached" still gives the exact figures.
 */
export function listPriceRange(spread: { low: number; high: number }): { low: number; high: number } {
  return { low: Math.floor(spread.low / 1000) * 1000, high: Math.ceil(spread.high / 1000) * 1000 }
}

/** A typed price for the range: empty is "not set" (null); anything else as typed (the schema judges it). */
function typedPrice(text: string): number | null {
  return text.trim() === '' ? null : typedDollars(text)
}

function sameGrid(a: AdjustmentGrid, b: AdjustmentGrid): boolean {
  return CMA_ADJUSTMENT_FEATURES.every((feature) => a[feature] === b[feature]) && a.other.label === b.other.label && a.other.amount === b.other.amount
}

/** What saving sends: the comparables whose pick or grid changed, the range and note when changed. */
export function patchOf(cma: Cma, draft: CmaDraft): CmaPatch {
  const comparables: Array<CmaComparablePatch> = []
  for (const comparable of cma.comparables) {
    const edited = draft.comparables[comparable.id]
    if (!edited) continue
    const grid = gridOf(edited.grid)
    const change: CmaComparablePatch = { id: comparable.id }
    if (edited.picked !== comparable.picked) change.picked = edited.picked
    if (!sameGrid(grid, comparable.adjustments)) change.adjustments = grid
    if (change.picked !== undefined || change.adjustments) comparables.push(change)
  }
  const patch: CmaPatch = {}
  if (comparables.length > 0) patch.comparables = comparables
  const low = typedPrice(draft.recommendedLow)
  const high = typedPrice(draft.recommendedHigh)
  if (low !== cma.recommendedLow) patch.recommendedLow = low
  if (high !== cma.recommendedHigh) patch.recommendedHigh = high
  if (draft.note !== cma.note) patch.note = draft.note
  return patch
}

export function isDirty(cma: Cma, draft: CmaDraft): boolean {
  return Object.keys(patchOf(cma, draft)).length > 0
}
