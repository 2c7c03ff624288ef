import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Icon, iconButtonClass, PhotoNumberBadge } from '~/components/ui'
import type { Photo, PhotoPath } from '~/schemas/photo'
import type { GalleryEntry } from './photo-list'

/* The photos a slot holds now: one (profile, cover) with replace and remove, or the gallery's grid. */

/** The frame each single photo is shown in on the homepage, so the preview crops the same way. */
const PREVIEW_FRAME: Record<Exclude<PhotoPath, 'gallery'>, string> = {
  logo: 'aspect-square w-28',
  logo2: 'aspect-square w-28',
  id: 'aspect-[3/4] w-28',
  id2: 'aspect-[3/4] w-28',
  top: 'aspect-video w-full max-w-sm',
  favicon: 'aspect-square w-20',
  ogImage: 'aspect-[1200/630] w-full max-w-sm',
}

export function SinglePhoto(props: { path: Exclude<PhotoPath, 'gallery'>; photo: Photo; title: string; onReplace: () => void; onRemove: () => void }) {
  const { t } = useLingui()
  const { title } = props
  const contain = props.path === 'logo' || props.path === 'logo2' || props.path === 'favicon'
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3" data-testid="photo-current">
      <div className={`${PREVIEW_FRAME[props.path]} overflow-hidden rounded-lg border border-stone-200 bg-stone-100 dark:border-stone-700 dark:bg-stone-800`}>
        <img
          src={props.photo.url}
          alt={t`Current ${title}`}
          loading="lazy"
          decoding="async"
          className={`size-full ${contain ? 'object-contain p-1' : 'object-cover'}`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={props.onReplace} data-testid="photo-replace">
          <Trans>
            Replace <span className="sr-only">{title}</span>
          </Trans>
        </Button>
        <Button variant="secondary" onClick={props.onRemove} data-testid="photo-remove">
          <Trans>
            Remove <span className="sr-only">{title}</span>
          </Trans>
        </Button>
      </div>
    </div>
  )
}

export function GalleryGrid(props: {
  entries: Array<GalleryEntry>
  tileRef: (url: string, element: HTMLLIElement | null) => void
  onMove: (url: string, to: number, action: 'earlier' | 'later') => void
  onRemove: (url: string, index: number) => void
}) {
  const { t } = useLingui()
  const total = props.entries.length
  if (total === 0) return null
  return (
    <ol aria-label={t`Gallery photos`} className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" data-testid="gallery-photos">
      {props.entries.map((entry, index) => {
        const position = index + 1
        const url = entry.photo.url
        return (
          <li
            key={url}
            ref={(element) => props.tileRef(url, element)}
            className="overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900"
            data-testid="gallery-photo"
            data-url={url}
          >
            <div className="relative aspect-[3/2] bg-stone-100 dark:bg-stone-800">
              {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the alt names the photo's slot in the uploader, as the realtor knows it, not what it shows */}
              <img
                src={entry.thumbnail?.url ?? url}
                alt={t`Gallery photo ${position} of ${total}`}
                loading="lazy"
                decoding="async"
                className="size-full object-cover"
              />
              <PhotoNumberBadge number={position} />
            </div>
            <div className="flex items-center justify-between px-0.5 py-0.5">
              <div className="flex">
                <button
                  type="button"
                  data-action="earlier"
                  disabled={index === 0}
                  onClick={() => props.onMove(url, index - 1, 'earlier')}
                  aria-label={t`Move photo ${position} earlier`}
                  className={iconButtonClass('neutral')}
                >
                  <Icon name="prev" className="size-5" />
                </button>
                <button
                  type="button"
                  data-action="later"
                  disabled={index === total - 1}
                  onClick={() => props.onMove(url, index + 1, 'later')}
                  aria-label={t`Move photo ${position} later`}
                  className={iconButtonClass('neutral')}
                >
                  <Icon name="next" className="size-5" />
                </button>
              </div>
              <button
                type="button"
                data-action="remove"
                onClick={() => props.onRemove(url, index)}
                aria-label={t`Remove photo ${position}`}
                className={iconButtonClass('neutral', 'hover:text-red-700 dark:hover:text-red-300')}
              >
                <Icon name="trash" className="size-5" />
              </button>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
