import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useBlocker } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { inputClass } from '~/components/form/inputs'
import { Button, ErrorAlert } from '~/components/ui'
import { saveCma } from '~/functions/cma.functions'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import { propertyTypeLabel } from '~/lib/home-display'
import type { Lang } from '~/lib/lang'
import { afterCmaSaved } from '~/queries/changes'
import { CMA_ADJUSTMENT_FEATURES, cmaPatchSchema, type Cma } from '~/schemas/cma/cma'
import { RESO_SUB_TYPE } from '~/schemas/home'
import { LeaveDialog } from '~/features/editor/leave-dialog'
import { CmaCandidates, useComparableWords } from './cma-candidates'
import { CmaDeliver } from './cma-deliver'
import { adjustedSpread, draftOf, isValidCell, listPriceRange, liveAdjustedPrice, patchOf, type CmaDraft } from './cma-draft'
import { CmaGrid, type GridCell } from './cma-grid'
import { cmaDollars } from '~/lib/cma-words'
import { cmaDayText } from './cma-labels'

/**
 * One CMA being built (its saved version comes from the query cache, which saving, sharing and
 * sending update) (issue 53): the home, the candidates to pick from, the adjustment grid of
 * the picked ones with their adjusted prices live, the recommended range beside the spread it
 * comes from, the note, and "Save draft"; then its PDF, share link and mail to the seller.
 */
export function CmaEditor({ cma: saved, desiredUrl, lang }: { cma: Cma; desiredUrl: string; lang: Lang }) {
  const { t, i18n } = useLingui()
  const baseId = useId()
  const queryClient = useQueryClient()
  const rootRef = useRef<HTMLDivElement>(null)
  const cma = saved
  const [draft, setDraft] = useState<CmaDraft>(() => draftOf(saved))
  const [saving, setSaving] = useState(false)
  const [status, setStatus] = useState('')
  const [saveError, setSaveError] = useState<string | undefined>()
  const [fieldErrors, setFieldErrors] = useState<Record<string, Array<string>>>({})
  const words = useComparableWords(lang)

  const patch = patchOf(cma, draft)
  const dirty = Object.keys(patch).length > 0
  const blocker = useBlocker({ shouldBlockFn: () => dirty && !saving, enableBeforeUnload: () => dirty, withResolver: true })

  const picked = cma.comparables.filter((comparable) => draft.comparables[comparable.id]?.picked ?? comparable.picked)
  const adjustedPrices = picked.map((comparable) => {
    const grid = draft.comparables[comparable.id]?.grid
    return grid ? liveAdjustedPrice(comparable.price, grid) : comparable.adjustedPrice
  })
  const spread = adjustedSpread(adjustedPrices)

  const setComparable = (id: string, change: (current: CmaDraft['comparables'][string]) => CmaDraft['comparables'][string]) =>
    setDraft((current) => {
      const existing = current.comparables[id]
      return existing ? { ...current, comparables: { ...current.comparables, [id]: change(existing) } } : current
    })
  const onCell = (id: string, cell: GridCell, value: string) => setComparable(id, (current) => ({ ...current, grid: { ...current.grid, [cell]: value } }))

  /** The free line's label errors, by comparable id, from the schema's paths (`comparables.2.adjustments.other.label`). */
  const patchComparableIds = (patch.comparables ?? []).map((change) => change.id)
  const otherLabelErrors: Record<string, string> = {}
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const match = /^comparables\.(\d+)\.adjustments\.other\.label$/.exec(path)
    const id = match ? patchComparableIds[Number(match[1])] : undefined
    if (id && messages[0]) otherLabelErrors[id] = messages[0]
  }

  /** Saves what changed; false when something must be corrected first (said beside it). */
  const save = async (): Promise<boolean> => {
    if (!dirty) return true
    setSaveError(undefined)
    const cellsValid = Object.values(draft.comparables).every(
      ({ grid }) => CMA_ADJUSTMENT_FEATURES.every((feature) => isValidCell(grid[feature])) && isValidCell(grid.otherAmount),
    )
    const checked = cmaPatchSchema.safeParse(patch)
    if (!cellsValid || !checked.success) {
      const next: Record<string, Array<string>> = {}
      for (const issue of checked.success ? [] : checked.error.issues) (next[issue.path.join('.')] ??= []).push(i18n._(issue.message))
      setFieldErrors(next)
      setSaveError(t`Some entries need your attention before the analysis can be saved.`)
      requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return false
    }
    setFieldErrors({})
    setSaving(true)
    try {
      const next = await saveCma({ data: { id: cma.id, patch: checked.data } })
      setDraft(draftOf(next))
      await afterCmaSaved(queryClient, next)
      setStatus(t`Draft saved.`)
      return true
    } catch (error) {
      setFieldErrors(errorFieldErrors(error, (id, values) => i18n._(id, values)))
      setSaveError(errorMessage(error, (id) => i18n._(id), t`The analysis could not be saved. Check your connection and try again.`))
      return false
    } finally {
      setSaving(false)
    }
  }

  const subject = cma.subject
  const savedDay = cmaDayText(cma.updatedAt, i18n.locale)
  const spreadLow = spread ? cmaDollars(spread.low) : ''
  const spreadHigh = spread ? cmaDollars(spread.high) : ''
  const spreadMedian = spread ? cmaDollars(spread.median) : ''
  const typeLabel = propertyTypeLabel(RESO_SUB_TYPE[subject.propertyType])
  const subjectFacts = words.facts({ beds: subject.beds, baths: subject.baths, livingArea: subject.livingArea, yearBuilt: subject.yearBuilt ?? null })
  const rangeError = (name: 'recommendedLow' | 'recommendedHigh') => fieldErrors[name] ?? fieldErrors[`patch.${name}`] ?? []
  const noteError = fieldErrors['note'] ?? fieldErrors['patch.note'] ?? []

  return (
    <div ref={rootRef} className="grid grid-cols-[minmax(0,1fr)] gap-8" data-testid="cma-editor" data-cma-id={cma.id}>
      <section aria-labelledby={`${baseId}-subject`} className="rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
        <p className="text-sm font-medium text-stone-600 dark:text-stone-300">
          <Trans>The seller's home</Trans>
        </p>
        <h3 id={`${baseId}-subject`} className="mt-1 text-xl font-bold break-words text-stone-900 dark:text-stone-50" data-testid="cma-subject">
          {`${subject.street}, ${subject.city}, ${subject.state} ${subject.postalCode}`}
        </h3>
        <p className="mt-1 text-stone-700 dark:text-stone-300">{[typeLabel ? i18n._(typeLabel) : null, subjectFacts].filter(Boolean).join(' · ')}</p>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
          {cma.status === 'sent' ? <Trans>Sent</Trans> : <Trans>Draft</Trans>} · <Trans>Last saved {savedDay}</Trans>
        </p>
      </section>

      <CmaCandidates
        comparables={cma.comparables}
        picked={(id) => draft.comparables[id]?.picked ?? false}
        onPick={(id, isPicked) => setComparable(id, (current) => ({ ...current, picked: isPicked }))}
        lang={lang}
      />

      <CmaGrid
        comparables={picked}
        grids={Object.fromEntries(Object.entries(draft.comparables).map(([id, comparable]) => [id, comparable.grid]))}
        onCell={onCell}
        cellErrors={otherLabelErrors}
        lang={lang}
      />

      <section aria-labelledby={`${baseId}-range`} data-testid="cma-range">
        <h3 id={`${baseId}-range`} className="text-lg font-semibold text-stone-900 dark:text-stone-50">
          <Trans>Recommended list price</Trans>
        </h3>
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300" data-testid="cma-spread" aria-live="polite">
          {spread ? (
            <Trans>
              The picked homes' adjusted prices run from {spreadLow} to {spreadHigh}, median {spreadMedian}.
            </Trans>
          ) : (
            <Trans>Pick comparable homes to see their adjusted prices here.</Trans>
          )}
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
          {(['recommendedLow', 'recommendedHigh'] as const).map((name) => {
            const errors = rangeError(name)
            return (
              <div key={name} className="flex flex-col gap-1">
                <label htmlFor={`${baseId}-${name}`} className="text-sm font-medium text-stone-800 dark:text-stone-200">
                  {name === 'recommendedLow' ? <Trans>From (dollars)</Trans> : <Trans>To (dollars)</Trans>}
                </label>
                <input
                  id={`${baseId}-${name}`}
                  inputMode="numeric"
                  value={draft[name]}
                  onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
                  aria-invalid={errors.length > 0}
                  aria-describedby={errors.length > 0 ? `${baseId}-${name}-error` : undefined}
                  className={inputClass}
                  data-testid={`cma-${name}`}
                />
                {errors.map((message) => (
                  <p key={message} id={`${baseId}-${name}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
                    {message}
                  </p>
                ))}
              </div>
            )
          })}
        </div>
        {spread ? (
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => {
              const range = listPriceRange(spread)
              setDraft((current) => ({ ...current, recommendedLow: String(range.low), recommendedHigh: String(range.high) }))
            }}
            data-testid="cma-use-spread"
          >
            <Trans>Use the adjusted range</Trans>
          </Button>
        ) : null}
        <div className="mt-4 flex flex-col gap-1 lg:max-w-2xl">
          <label htmlFor={`${baseId}-note`} className="text-sm font-medium text-stone-800 dark:text-stone-200">
            <Trans>Note to the seller</Trans>
          </label>
          <textarea
            id={`${baseId}-note`}
            rows={4}
            maxLength={4000}
            value={draft.note}
            onChange={(event) => setDraft((current) => ({ ...current, note: event.target.value }))}
            aria-invalid={noteError.length > 0}
            className={inputClass}
            data-testid="cma-note"
          />
          {noteError.map((message) => (
            <p key={message} className="text-sm font-medium text-red-700 dark:text-red-300">
              {message}
            </p>
          ))}
        </div>
      </section>

      <div className="sticky bottom-0 z-20 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95">
        <ErrorAlert testId="cma-save-error" message={saveError} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="mr-auto text-sm text-stone-700 dark:text-stone-300" role="status" data-testid="cma-status">
            {saving ? <Trans>Saving…</Trans> : dirty ? <Trans>You have unsaved changes.</Trans> : status}
          </p>
          <Button variant="primary" size="md" disabled={saving || !dirty} onClick={() => void save()} data-testid="cma-save">
            <Trans>Save draft</Trans>
          </Button>
        </div>
      </div>

      <section aria-labelledby={`${baseId}-deliver`}>
        <h3 id={`${baseId}-deliver`} className="mb-3 text-lg font-semibold text-stone-900 dark:text-stone-50">
          <Trans>Deliver the report</Trans>
        </h3>
        <CmaDeliver cma={cma} desiredUrl={desiredUrl} lang={lang} unsaved={dirty} saveFirst={save} onStatus={setStatus} />
      </section>
      {blocker.status === 'blocked' ? <LeaveDialog onStay={blocker.reset} onLeave={blocker.proceed} /> : null}
    </div>
  )
}
