import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { Lang } from '~/lib/lang'
import { CMA_ADJUSTMENT_FEATURES, type CmaAdjustmentFeature, type CmaComparable } from '~/schemas/cma/cma'
import { isValidCell, liveAdjustedPrice, type GridText } from './cma-draft'
import { useComparableWords } from './cma-candidates'
import { CMA_ADJUSTMENT_LABELS, cmaDollars } from '~/lib/cma-words'

type GridCell = CmaAdjustmentFeature | 'otherLabel' | 'otherAmount'

const cellClass =
  'block min-h-11 w-full min-w-28 rounded-md border border-stone-300 bg-white px-2 py-1.5 text-right text-base text-stone-900 tabular-nums focus:border-stone-900 focus:outline-2 focus:outline-stone-900 aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100 dark:focus:border-stone-100 dark:focus:outline-stone-100 dark:aria-[invalid=true]:border-red-400'

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
  const rowHead =
    'sticky left-0 z-10 w-28 min-w-28 bg-stone-50 px-3 py-2 text-left text-sm font-semibold break-keep text-stone-900 sm:w-36 sm:min-w-36 dark:bg-stone-900 dark:text-stone-100'
  return (
    <section aria-labelledby={headingId} data-testid="cma-grid">
      <h3 id={headingId} className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        <Trans>Adjustments</Trans>
      </h3>
      <p id={hintId} className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        <Trans>
          Dollars that bring each comparable to the seller's home: add where the comparable is worse, subtract where it is better. Size, bedrooms, bathrooms,
          age and lot start from the area's own sales.
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
            <tr className="border-b border-stone-200 dark:border-stone-800">
              <th scope="row" className={rowHead}>
                {comparables.some((comparable) => comparable.basis === 'listed') ? <Trans>Price (sale or asking)</Trans> : <Trans>Sale price</Trans>}
              </th>
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
            </tr>
            {CMA_ADJUSTMENT_FEATURES.map((feature) => {
              const label = i18n._(CMA_ADJUSTMENT_LABELS[feature])
              return (
                <tr key={feature} className="border-b border-stone-200 dark:border-stone-800">
                  <th scope="row" className={rowHead}>
                    {label}
                  </th>
                  {comparables.map((comparable) => {
                    const text = grids[comparable.id]?.[feature] ?? ''
                    const valid = isValidCell(text)
                    const address = words.address(comparable)
                    return (
                      <td key={comparable.id} className="px-3 py-1.5 align-top">
                        <input
                          value={text}
                          inputMode="numeric"
                          onChange={(event) => onCell(comparable.id, feature, event.target.value)}
                          aria-label={t`${label} adjustment for ${address}, in dollars`}
                          aria-describedby={hintId}
                          aria-invalid={!valid}
                          className={cellClass}
                          data-testid={`cma-cell-${feature}`}
                        />
                        {valid ? null : (
                          <span className="mt-1 block text-xs font-medium text-red-700 dark:text-red-300" role="alert">
                            <Trans>Enter a whole number of dollars</Trans>
                          </span>
                        )}
                      </td>
                    )
                  })}
                </tr>
              )
            })}
            <tr className="border-b border-stone-200 dark:border-stone-800">
              <th scope="row" className={rowHead}>
                {i18n._(CMA_ADJUSTMENT_LABELS.other)}
              </th>
              {comparables.map((comparable) => {
                const grid = grids[comparable.id]
                const amountValid = isValidCell(grid?.otherAmount ?? '')
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
                      <input
                        value={grid?.otherAmount ?? ''}
                        inputMode="numeric"
                        onChange={(event) => onCell(comparable.id, 'otherAmount', event.target.value)}
                        aria-label={t`Other adjustment for ${address}, in dollars`}
                        aria-invalid={!amountValid}
                        className={cellClass}
                        data-testid="cma-cell-other-amount"
                      />
                      {labelError ? (
                        <span className="block text-xs font-medium text-red-700 dark:text-red-300" role="alert">
                          {labelError}
                        </span>
                      ) : null}
                      {amountValid ? null : (
                        <span className="block text-xs font-medium text-red-700 dark:text-red-300" role="alert">
                          <Trans>Enter a whole number of dollars</Trans>
                        </span>
                      )}
                    </div>
                  </td>
                )
              })}
            </tr>
            <tr className="border-b border-stone-200 dark:border-stone-800">
              <th scope="row" className={rowHead}>
                <Trans>Net adjustment</Trans>
              </th>
              {comparables.map((comparable) => {
                const grid = grids[comparable.id]
                const adjusted = grid ? liveAdjustedPrice(comparable.price, grid) : comparable.adjustedPrice
                return (
                  <td key={comparable.id} className="px-3 py-2 text-right text-stone-800 tabular-nums dark:text-stone-200">
                    {cmaDollars(adjusted - comparable.price, true)}
                  </td>
                )
              })}
            </tr>
            <tr>
              <th scope="row" className={rowHead}>
                <Trans>Adjusted price</Trans>
              </th>
              {comparables.map((comparable) => {
                const grid = grids[comparable.id]
                const adjusted = grid ? liveAdjustedPrice(comparable.price, grid) : comparable.adjustedPrice
                return (
                  <td
                    key={comparable.id}
                    className="px-3 py-2 text-right text-base font-bold text-stone-900 tabular-nums dark:text-stone-50"
                    data-testid="cma-adjusted"
                  >
                    <output aria-live="polite">{cmaDollars(adjusted)}</output>
                  </td>
                )
              })}
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  )
}

export type { GridCell }
