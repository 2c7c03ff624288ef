import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'

/**
 * Said over a map whose background style could not load (decision 062): the markers stand on a
 * plain background, so the visitor knows the blank map is not an empty one. The search map
 * (`of="homes"`) keeps its top row for the count; a listing's map (`of="home"`) has the corner.
 * Once read it may be closed: it lies over the map, where markers may stand under it.
 */
export function MapBackgroundNote({ of }: { of: 'home' | 'homes' }) {
  const { t } = useLingui()
  const [closed, setClosed] = useState(false)
  if (closed) return null
  return (
    <div
      className={`pointer-events-none absolute left-3 flex items-start gap-1 rounded-lg bg-white/95 py-1 pr-1 pl-3 text-sm text-stone-900 shadow-sm ${
        of === 'homes' ? 'top-12 max-w-[calc(100%-4.5rem)]' : 'top-3 max-w-[calc(100%-1.5rem)]'
      }`}
    >
      <p role="status" className="py-1">
        {of === 'homes' ? (
          <Trans>The map’s background could not be loaded, so the homes are marked on a plain one.</Trans>
        ) : (
          <Trans>The map’s background could not be loaded, so the home is marked on a plain one.</Trans>
        )}
      </p>
      <button
        type="button"
        className="pointer-events-auto grid size-8 shrink-0 place-items-center rounded-md text-stone-700 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-stone-900"
        aria-label={t`Close this notice`}
        onClick={() => setClosed(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth={2}>
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}
