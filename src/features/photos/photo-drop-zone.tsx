import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type DragEvent, type Ref } from 'react'
import { Icon, iconButtonClass } from '~/components/ui'
import type { Lang } from '~/lib/lang'
import { UPLOAD_CONTENT_TYPES } from '~/schemas/photo'
import { formatFileSize, MAX_UPLOAD_BYTES } from './photo-list'
import type { Rejection, RejectionNotice } from './upload-job'

/* The photo uploader's drop zone and the list of files it refused; the state lives in photo-uploader.tsx. */

export const ACCEPT = UPLOAD_CONTENT_TYPES.join(',')

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files')
}

/**
 * A real file input, visually hidden inside the label that is the drop target: clicking or
 * tapping anywhere opens the picker, keyboard users reach the input with Tab and open it with
 * Enter or Space, and the zone shows the input's focus ring.
 */
export function DropZone({
  inputRef,
  ...props
}: {
  inputId: string
  inputRef: Ref<HTMLInputElement>
  lang: Lang
  /** The slot keeps several photos (the gallery): worded in the plural. */
  manyPhotos: boolean
  hasPhoto: boolean
  describedBy: string
  title: string
  onFiles: (files: Array<File>) => void
}) {
  const [over, setOver] = useState(false)
  const labelTextId = `${props.inputId}-label`
  const formatsId = `${props.inputId}-formats`
  const limit = formatFileSize(MAX_UPLOAD_BYTES, props.lang)
  return (
    <label
      htmlFor={props.inputId}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return
        event.preventDefault()
        setOver(true)
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        setOver(true)
      }}
      onDragLeave={(event) => {
        // Leaving for a child of the zone is not leaving the zone.
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return
        setOver(false)
      }}
      onDrop={(event) => {
        event.preventDefault()
        setOver(false)
        const files = Array.from(event.dataTransfer.files)
        if (files.length > 0) props.onFiles(files)
      }}
      className={`flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-stone-900 dark:has-[:focus-visible]:outline-stone-100 ${
        over
          ? 'border-stone-800 bg-stone-100 dark:border-stone-200 dark:bg-stone-800'
          : 'border-stone-300 bg-stone-50 hover:border-stone-500 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900/60 dark:hover:border-stone-400 dark:hover:bg-stone-800'
      }`}
      data-testid="photo-drop-zone"
    >
      <input
        id={props.inputId}
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        // Several files even for a one-photo slot: the picker then never refuses a selection
        // silently; the first usable file is taken and the others are named as left out.
        multiple
        className="sr-only"
        aria-labelledby={labelTextId}
        aria-describedby={`${formatsId} ${props.describedBy}`}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? [])
          // Cleared so choosing the same file again (after a failure or a removal) fires again.
          event.currentTarget.value = ''
          if (files.length > 0) props.onFiles(files)
        }}
        data-testid="photo-input"
      />
      <Icon name="upload" className="size-6 text-stone-500 dark:text-stone-400" />
      <span id={labelTextId} className="font-medium text-balance text-stone-800 dark:text-stone-100">
        {props.manyPhotos ? (
          <Trans>
            Drop photos here or <span className="whitespace-nowrap underline underline-offset-4">choose files</span>
          </Trans>
        ) : props.hasPhoto ? (
          <Trans>
            Drop a new photo here or <span className="whitespace-nowrap underline underline-offset-4">choose a file</span>
          </Trans>
        ) : (
          <Trans>
            Drop a photo here or <span className="whitespace-nowrap underline underline-offset-4">choose a file</span>
          </Trans>
        )}
        <span className="sr-only"> ({props.title})</span>
      </span>
      <span id={formatsId} className="text-sm text-balance text-stone-600 dark:text-stone-400">
        <Trans>JPEG, PNG, WebP or AVIF, up to {limit} each</Trans>
      </span>
    </label>
  )
}

function RejectionText({ rejection, lang }: { rejection: Rejection; lang: Lang }) {
  const { t } = useLingui()
  const name = rejection.name
  const size = formatFileSize(rejection.size, lang)
  const limit = formatFileSize(MAX_UPLOAD_BYTES, lang)
  switch (rejection.reason) {
    case 'too-large':
      return <>{t`“${name}” is ${size}; a photo can be at most ${limit}.`}</>
    case 'not-an-image':
      return <>{t`“${name}” is not a JPEG, PNG, WebP or AVIF image.`}</>
    case 'empty':
      return <>{t`“${name}” is empty.`}</>
    case 'unreadable':
      return <>{t`“${name}” could not be read. Please choose it again.`}</>
    case 'no-room':
      return <>{t`“${name}” was not added: there is no room for more photos. Remove some first.`}</>
    case 'one-only':
      return <>{t`Only one photo fits here, so “${name}” was left out.`}</>
  }
}

/** Shown beside the zone it belongs to; a new alert per selection, so it is read each time. */
export function RejectionList({ id, notice, lang, onDismiss }: { id: string; notice: RejectionNotice | undefined; lang: Lang; onDismiss: () => void }) {
  const { t } = useLingui()
  return (
    <div id={id}>
      {notice && notice.items.length > 0 ? (
        <div
          key={notice.key}
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-lg bg-red-50 p-3 pr-1 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
          data-testid="photo-rejections"
        >
          <ul className="min-w-0 flex-1 space-y-1 py-1">
            {notice.items.map((rejection, index) => (
              <li key={`${index}-${rejection.name}`} className="break-words">
                <RejectionText rejection={rejection} lang={lang} />
              </li>
            ))}
          </ul>
          <button type="button" onClick={onDismiss} aria-label={t`Dismiss these messages`} className={iconButtonClass('danger', '-my-2')}>
            <Icon name="close" className="size-5" />
          </button>
        </div>
      ) : null}
    </div>
  )
}
