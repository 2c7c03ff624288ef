import { Trans } from '@lingui/react/macro'

/**
 * Said over a map whose background style could not load (decision 062): the markers stand on a
 * plain background, so the visitor knows the blank map is not an empty one. The search map
 * (`of="homes"`) keeps its top row for the count; a listing's map (`of="home"`) has the corner.
 */
export function MapBackgroundNote({ of }: { of: 'home' | 'homes' }) {
  return (
    <p
      role="status"
      className={`pointer-events-none absolute left-3 rounded-lg bg-white/95 px-3 py-2 text-sm text-stone-900 shadow-sm ${
        of === 'homes' ? 'top-12 max-w-[calc(100%-4.5rem)]' : 'top-3 max-w-[calc(100%-1.5rem)]'
      }`}
    >
      {of === 'homes' ? (
        <Trans>The map’s background could not be loaded, so the homes are marked on a plain one.</Trans>
      ) : (
        <Trans>The map’s background could not be loaded, so the home is marked on a plain one.</Trans>
      )}
    </p>
  )
}
