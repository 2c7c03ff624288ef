import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { Lang } from '~/lib/lang'
import { CMA_ADJUSTMENT_FEATURES, type CmaAdjustmentFeature, type CmaComparable } from '~/schemas/cma/cma'
import { isValidCell, liveAdjustedPrice, type GridText } from './cma-draft'
import { useComparableWords } from './cma-candidates'
import { CMA_ADJUSTMENT_LABELS, cmaDollars } from '~/lib/cma-words'

type GridCell = CmaAdjustmentFeature | 'otherLabel' | 'otherAmount'

const cellClass =
  'block min-h-11 w-full min-w-28 rounded-md border border-stone-300 bg-white px-2 py-1.5 text-right text-base text-stone-900 tabular-nums focus:border-stone-900 focus:outline-2 focus:outline-stone-900 aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100 dark:focus:border-stone-100 dark:focus:outline-stone-100 dark:aria-[invalid=true]:border-red-400'

/** The first column's cells: the feature names, which stay in view as the table scrolls sideways. */
const rowHead =
  'sticky left-0 z-10 w-28 min-w-28 bg-stone-50 px-3 py-2 text-left text-sm font-semibold break-keep text-stone-900 sm:w-36 sm:min-w-36 dark:bg-stone-900 dark:text-stone-100'

/**
 * The adjustment grid (issue 53): one column per picked comparable, one row per feature, read
 * down as appraisers read a grid. Each cell is the dollars that bring the comparable to the home
 * (a smaller comparable gets a positive size line); the adjusted price at the foot changes as the
 * realtor types, by the formula the server stores. On a phone the table scrolls sideways inside
 * its own box while the feature names stay in view.
 */
export function CmaGrid({
  comparables,
  grids,
  onCell,
  cellErrors,
  lang,
}: {
  comparables: ReadonlyArray<CmaComparable>
  grids: Readonly<Record<string, GridText>>
  onCell: (id: string, cell: GridCell, value: string) => void
  /** The free line's label errors from the schema, by comparable id. */
  cellErrors: Readonly<Record<string, string>>
  lang: Lang
}) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const hintId = useId()
  const words = useComparableWords(lang)
  if (comparables.length === 0) {
    return (
      <section aria-labelledby={headingId} data-testid="cma-grid-empty">
        <h3 id={headingId} className="text-lg font-semibold text-stone-900 dark:text-stone-50">
          <Trans>Adjustments</Trans>
        </h3>
        <p className="mt-1 text-stone-700 dark:text-stone-300">
          <Trans>Pick at least one comparable home to adjust it.</Trans>
        </p>
      </section>
    )
  }
  /** The adjusted price as the realtor types: the stored one until the comparable's cells change. */
  const adjustedPrice = (comparable: CmaComparable) => {
    const grid = grids[comparable.id]
    return grid ? liveAdjustedPrice(comparable.price, grid) : comparable.adjustedPrice
  }
  return (
    <section aria-labelledby={headingId} data-testid="cma-grid">
      <h3 id={headingId} className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        <Trans>Adjustments</Trans>
      </h3>
      <p id={hintId} className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        <Trans>
          Dollars that bring each comparable to the seller's home: add where the comparable is worse, subtract where it is better. Market conditions bring a
          sale's price to today by the city's monthly trend, and an asking price to what homes there sell for; size, bedrooms, bathrooms, age and lot start from
          the area's own sales.
        </Trans>
      </p>
      {/* Focusable so a keyboard can scroll it; named for screen readers. */}
      <div
        className="mt-3 overflow-x-auto rounded-xl border border-stone-200 dark:border-stone-800"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={t`Adjustment grid, scrolls sideways`}
        data-testid="cma-grid-scroll"
      >
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">{t`Adjustments per comparable home`}</caption>
          <thead>
            <tr className="border-b border-stone-200 dark:border-stone-800">
              <th scope="col" className={rowHead}>
                <Trans>Feature</Trans>
              </th>
              {comparables.map((comparable) => (
                <th key={comparable.id} scope="col" className="min-w-40 px-3 py-2 text-left align-top font-normal text-stone-800 dark:text-stone-200">
                  {comparable.photoUrl ? (
                    <img src={comparable.photoUrl} alt="" loading="lazy" width={160} height={96} className="mb-2 h-20 w-36 rounded-md object-cover" />
                  ) : null}
                  <span className="block font-semibold break-words text-stone-900 dark:text-stone-50">{words.address(comparable)}</span>
                  <span className="block text-xs">{words.when(comparable)}</span>
                  <span className="block text-xs">{words.facts(comparable)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <GridRow
              heading={comparables.some((comparable) => comparable.basis === 'listed') ? <Trans>Price (sale or asking)</Trans> : <Trans>Sale price</Trans>}
            >
              {comparables.map((comparable) => (
                <td key={comparable.id} className="px-3 py-2 text-right font-semibold text-stone-900 tabular-nums dark:text-stone-50">
                  {cmaDollars(comparable.price)}
                  {comparable.basis === 'listed' ? (
                    <span className="block text-xs font-normal text-stone-700 dark:text-stone-300">
                      <Trans>asking price</Trans>
                    </span>
                  ) : null}
                </td>
              ))}
            </GridRow>
            {CMA_ADJUSTMENT_FEATURES.map((feature) => {
              const label = i18n._(CMA_ADJUSTMENT_LABELS[feature])
              return (
                <GridRow key={feature} heading={label}>
                  {comparables.map((comparable) => {
                    const text = grids[comparable.id]?.[feature] ?? ''
                    const address = words.address(comparable)
                    return (
                      <td key={comparable.id} className="px-3 py-1.5 align-top">
                        <div className="grid gap-1">
                          <DollarInput
                            value={text}
                            onChange={(value) => onCell(comparable.id, feature, value)}
                            label={t`${label} adjustment for ${address}, in dollars`}
                            describedBy={hintId}
                            testId={`cma-cell-${feature}`}
                          />
                          <DollarError value={text} />
                        </div>
                      </td>
                    )
                  })}
                </GridRow>
              )
            })}
            <GridRow heading={i18n._(CMA_ADJUSTMENT_LABELS.other)}>
              {comparables.map((comparable) => {
                const grid = grids[comparable.id]
                const labelError = cellErrors[comparable.id]
                const address = words.address(comparable)
                return (
                  <td key={comparable.id} className="px-3 py-1.5 align-top">
                    <div className="grid gap-1">
                      <input
                        value={grid?.otherLabel ?? ''}
                        maxLength={60}
                        onChange={(event) => onCell(comparable.id, 'otherLabel', event.target.value)}
                        placeholder={t`e.g. new roof`}
                        aria-label={t`What the other adjustment for ${address} is for`}
                        aria-invalid={labelError !== undefined}
                        className={`${cellClass} text-left`}
                        data-testid="cma-cell-other-label"
                      />
                      <DollarInput
                        value={grid?.otherAmount ?? ''}
                        onChange={(value) => onCell(comparable.id, 'otherAmount', value)}
                        label={t`Other adjustment for ${address}, in dollars`}
                        testId="cma-cell-other-amount"
                      />
                      {labelError ? <CellAlert>{labelError}</CellAlert> : null}
                      <DollarError value={grid?.otherAmount ?? ''} />
                    </div>
                  </td>
                )
              })}
            </GridRow>
            <GridRow heading={<Trans>Net adjustment</Trans>}>
              {comparables.map((comparable) => (
                <td key={comparable.id} className="px-3 py-2 text-right text-stone-800 tabular-nums dark:text-stone-200">
                  {cmaDollars(adjustedPrice(comparable) - comparable.price, true)}
                </td>
              ))}
            </GridRow>
            <GridRow heading={<Trans>Adjusted price</Trans>} last>
              {comparables.map((comparable) => (
                <td
                  key={comparable.id}
                  className="px-3 py-2 text-right text-base font-bold text-stone-900 tabular-nums dark:text-stone-50"
                  data-testid="cma-adjusted"
                >
                  <output aria-live="polite">{cmaDollars(adjustedPrice(comparable))}</output>
                </td>
              ))}
            </GridRow>
          </tbody>
        </table>
      </div>
    </section>
  )
}

/** A row of the grid: what it is, then a cell per comparable; ruled off from the next unless `last`. */
function GridRow({ heading, last = false, children }: { heading: ReactNode; last?: boolean; children: ReactNode }) {
  return (
    <tr className={last ? undefined : 'border-b border-stone-200 dark:border-stone-800'}>
      <th scope="row" className={rowHead}>
        {heading}
      </th>
      {children}
    </tr>
  )
}

/** A cell of dollars: flagged invalid until it holds a whole number (`DollarError` words why). */
function DollarInput({
  value,
  onChange,
  label,
  describedBy,
  testId,
}: {
  value: string
  onChange: (value: string) => void
  /** The cell's name: its feature and its comparable, as a table cell has no label of its own. */
  label: string
  describedBy?: string
  testId: string
}) {
  return (
    <input
      value={value}
      inputMode="numeric"
      onChange={(event) => onChange(event.target.value)}
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={!isValidCell(value)}
      className={cellClass}
      data-testid={testId}
    />
  )
}

/** Why a cell of dollars is invalid, under it; nothing while it is valid. */
function DollarError({ value }: { value: string }) {
  return isValidCell(value) ? null : (
    <CellAlert>
      <Trans>Enter a whole number of dollars</Trans>
    </CellAlert>
  )
}

/** A cell's error, announced as it appears. */
function CellAlert({ children }: { children: ReactNode }) {
  return (
    <span className="block text-xs font-medium text-red-700 dark:text-red-300" role="alert">
      {children}
    </span>
  )
}

export type { GridCell }
