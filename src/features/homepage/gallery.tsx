import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import type { GalleryItem } from './photos'
import { Button } from '~/components/ui'

/**
 * Thumbnails that open the full-size photo in a modal `<dialog>`: the browser traps focus,
 * Escape closes it and focus returns to the thumbnail that opened it. Arrow keys move on.
 */
export function Gallery({
  items,
  name,
  firstInFirstScreen = false,
}: {
  items: Array<GalleryItem>
  name: string
  /** The first photo shows before any scrolling (a listing's page): fetched at once and first, it is the page's largest paint. */
  firstInFirstScreen?: boolean
}) {
  const { t } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement | null>(null)
  const [index, setIndex] = useState(0)
  const current = items[index]
  const total = items.length
  const photoLabel = (position: number) => {
    const number = position + 1
    return t`Photo ${number} of ${total} by ${name}`
  }

  const open = (next: number, button: HTMLButtonElement) => {
    opener.current = button
    setIndex(next)
    dialog.current?.showModal()
  }
  const move = (step: number) => setIndex((value) => (value + step + items.length) % items.length)

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item, itemIndex) => (
          <li key={item.full}>
            <button
              type="button"
              onClick={(event) => open(itemIndex, event.currentTarget)}
              className="block w-full overflow-hidden rounded-xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]"
              data-testid="gallery-thumbnail"
            >
              <img
                src={item.thumbnail}
                srcSet={item.srcSet}
                // Two columns on phones, three from sm, in a page at most 64rem wide.
                sizes={item.srcSet ? '(min-width: 1024px) 21rem, (min-width: 640px) 33vw, 50vw' : undefined}
                alt={photoLabel(itemIndex)}
                width={480}
                height={320}
                loading={firstInFirstScreen && itemIndex === 0 ? 'eager' : 'lazy'}
                fetchPriority={firstInFirstScreen && itemIndex === 0 ? 'high' : undefined}
                decoding="async"
                className="aspect-[3/2] w-full object-cover transition hover:scale-[1.02]"
              />
            </button>
          </li>
        ))}
      </ul>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrows page through the photos, a click on the backdrop closes; Escape and the buttons do both for the keyboard */}
      <dialog
        ref={dialog}
        aria-label={t`Photo viewer`}
        onClose={() => opener.current?.focus()}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') move(1)
          if (event.key === 'ArrowLeft') move(-1)
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) dialog.current?.close()
        }}
        className="m-auto max-h-[95dvh] w-[min(64rem,95vw)] rounded-2xl bg-stone-950 p-0 text-white backdrop:bg-black/80"
        data-testid="gallery-dialog"
      >
        {current ? (
          <figure className="relative">
            {/* Lazy: inside the closed dialog it is not shown, and the server would otherwise
                preload the full-size photo ahead of the page's own first screen. */}
            <img
              src={current.full}
              srcSet={current.srcSet}
              // The viewer is min(64rem, 95vw) wide.
              sizes={current.srcSet ? '(min-width: 1078px) 64rem, 95vw' : undefined}
              alt={photoLabel(index)}
              loading="lazy"
              className="max-h-[80dvh] w-full object-contain"
            />
            <figcaption className="flex items-center justify-between gap-2 p-3 text-sm">
              <Button variant="quiet" onClick={() => move(-1)}>
                <Trans>Previous</Trans>
              </Button>
              <span aria-live="polite">
                {index + 1} / {items.length}
              </span>
              <Button variant="quiet" onClick={() => move(1)}>
                <Trans>Next</Trans>
              </Button>
              <Button
                variant="secondary"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the viewer opens on its close button (WAI-ARIA dialog pattern)
                autoFocus
                onClick={() => dialog.current?.close()}
                data-testid="gallery-close"
              >
                <Trans>Close</Trans>
              </Button>
            </figcaption>
          </figure>
        ) : null}
      </dialog>
    </>
  )
}
