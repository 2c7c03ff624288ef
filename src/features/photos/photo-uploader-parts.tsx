import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type DragEvent, type ReactNode, type Ref } from 'react'
import type { Lang } from '~/lib/lang'
import { UPLOAD_CONTENT_TYPES, type Photo, type PhotoPath } from '~/schemas/photo'
import { formatFileSize, MAX_UPLOAD_BYTES, type GalleryEntry } from './photo-list'
import type { Rejection, RejectionNotice, UploadJob } from './upload-job'

/* Presentational pieces of the photo uploader; the state and the uploads live in photo-uploader.tsx. */

export const buttonClass =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 transition hover:border-stone-500 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800 dark:focus-visible:outline-stone-100'

const iconButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-700 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-stone-900 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent dark:text-stone-200 dark:hover:bg-stone-800 dark:focus-visible:outline-stone-100'

const progressClass =
  'block h-2 w-full appearance-none overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-stone-800 [&::-webkit-progress-bar]:bg-stone-200 dark:[&::-webkit-progress-bar]:bg-stone-700 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-stone-800 dark:[&::-webkit-progress-value]:bg-stone-200 dark:[&::-moz-progress-bar]:bg-stone-200'

export const ACCEPT = UPLOAD_CONTENT_TYPES.join(',')

// ---------------------------------------------------------------------------------------------
// Icons (decorative: every button carries its own text or label)
// ---------------------------------------------------------------------------------------------

function Icon({ children, className = 'size-5' }: { children: ReactNode; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={className}>
      {children}
    </svg>
  )
}

const UploadIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Icon>
)
const ArrowEarlierIcon = () => (
  <Icon>
    <path d="M15 18 9 12l6-6" />
  </Icon>
)
const ArrowLaterIcon = () => (
  <Icon>
    <path d="m9 18 6-6-6-6" />
  </Icon>
)
const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6m4-6v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Icon>
)
const RetryIcon = () => (
  <Icon className="size-4">
    <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
  </Icon>
)
const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
)

// ---------------------------------------------------------------------------------------------
// Drop zone
// ---------------------------------------------------------------------------------------------

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
      <UploadIcon className="size-6 text-stone-500 dark:text-stone-400" />
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

// ---------------------------------------------------------------------------------------------
// Refused files
// ---------------------------------------------------------------------------------------------

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
          <button type="button" onClick={onDismiss} aria-label={t`Dismiss these messages`} className={`${iconButtonClass} -my-2 text-red-800 hover:bg-red-100 dark:text-red-200 dark:hover:bg-red-900`}>
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  )
}

// ---------------------------------------------------------------------------------------------
// Uploads in progress
// ---------------------------------------------------------------------------------------------

/** A preview URL for a local file, revoked when the preview goes (or the file changes). */
function useObjectUrl(blob: Blob): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob)
    // An object URL is a browser resource: made and revoked by the effect, never during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(objectUrl)
    return () => {
      URL.revokeObjectURL(objectUrl)
      setUrl(undefined)
    }
  }, [blob])
  return url
}

function JobItem({ job, lang, onRetry, onCancel }: { job: UploadJob; lang: Lang; onRetry: () => void; onCancel: () => void }) {
  const { t } = useLingui()
  const preview = useObjectUrl(job.file)
  const name = job.file.name
  // An element inside <Trans>, which would parse a string value for tags: a file is named as it is.
  const fileName = <>{name}</>
  const percent = job.total > 0 ? Math.round((job.sent / job.total) * 100) : 0
  const failed = job.status === 'failed'
  const measured = job.status === 'uploading' || job.status === 'finishing'
  const statusText = {
    preparing: t`Preparing…`,
    queued: t`Waiting…`,
    uploading: t`${percent}% uploaded`,
    finishing: t`Processing…`,
    failed: t`Upload failed`,
  }[job.status]
  return (
    <li className={`flex gap-3 rounded-xl border p-2.5 ${failed ? 'border-red-200 bg-red-50/60 dark:border-red-900 dark:bg-red-950/40' : 'border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900'}`} data-testid="photo-upload-job" data-status={job.status}>
      <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-stone-100 dark:bg-stone-800">
        {preview ? <img src={preview} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="truncate text-sm font-medium text-stone-900 dark:text-stone-100" title={name}>
            {name}
          </p>
          <p className={`text-xs ${failed ? 'font-medium text-red-700 dark:text-red-300' : 'text-stone-600 dark:text-stone-400'}`}>
            {formatFileSize(job.file.size, lang)} · {statusText}
          </p>
        </div>
        {failed ? (
          <>
            <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-200" data-testid="photo-upload-error">
              {job.error}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" onClick={onRetry} className={buttonClass} data-testid="photo-upload-retry">
                <RetryIcon />
                <Trans>
                  Retry <span className="sr-only">{fileName}</span>
                </Trans>
              </button>
              <button type="button" onClick={onCancel} className={buttonClass} data-testid="photo-upload-discard">
                <Trans>
                  Discard <span className="sr-only">{fileName}</span>
                </Trans>
              </button>
            </div>
          </>
        ) : (
          <div className="mt-2 flex items-center gap-2">
            {measured ? (
              <progress className={progressClass} max={job.total} value={job.sent} aria-label={t`Uploading ${name}`} />
            ) : (
              <progress className={progressClass} aria-label={job.status === 'queued' ? t`Waiting to upload ${name}` : t`Preparing to upload ${name}`} />
            )}
            <button type="button" onClick={onCancel} aria-label={t`Cancel upload of ${name}`} className={`${iconButtonClass} -my-2`}>
              <CloseIcon />
            </button>
          </div>
        )}
      </div>
    </li>
  )
}

export function JobList({ jobs, lang, onRetry, onCancel }: { jobs: Array<UploadJob>; lang: Lang; onRetry: (id: number) => void; onCancel: (id: number) => void }) {
  const { t } = useLingui()
  if (jobs.length === 0) return null
  return (
    <ul aria-label={t`Uploads`} className="mt-3 grid gap-2">
      {jobs.map((job) => (
        <JobItem key={job.id} job={job} lang={lang} onRetry={() => onRetry(job.id)} onCancel={() => onCancel(job.id)} />
      ))}
    </ul>
  )
}

// ---------------------------------------------------------------------------------------------
// Current photos
// ---------------------------------------------------------------------------------------------

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

export function SinglePhoto(props: {
  path: Exclude<PhotoPath, 'gallery'>
  photo: Photo
  title: string
  onReplace: () => void
  onRemove: () => void
}) {
  const { t } = useLingui()
  const { title } = props
  const contain = props.path === 'logo' || props.path === 'logo2' || props.path === 'favicon'
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3" data-testid="photo-current">
      <div className={`${PREVIEW_FRAME[props.path]} overflow-hidden rounded-lg border border-stone-200 bg-stone-100 dark:border-stone-700 dark:bg-stone-800`}>
        <img src={props.photo.url} alt={t`Current ${title}`} loading="lazy" decoding="async" className={`size-full ${contain ? 'object-contain p-1' : 'object-cover'}`} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={props.onReplace} className={buttonClass} data-testid="photo-replace">
          <Trans>
            Replace <span className="sr-only">{title}</span>
          </Trans>
        </button>
        <button type="button" onClick={props.onRemove} className={buttonClass} data-testid="photo-remove">
          <Trans>
            Remove <span className="sr-only">{title}</span>
          </Trans>
        </button>
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
              <img src={entry.thumbnail?.url ?? url} alt={t`Gallery photo ${position} of ${total}`} loading="lazy" decoding="async" className="size-full object-cover" />
              <span aria-hidden="true" className="absolute top-1.5 left-1.5 rounded-full bg-stone-900/75 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                {position}
              </span>
            </div>
            <div className="flex items-center justify-between px-0.5 py-0.5">
              <div className="flex">
                <button
                  type="button"
                  data-action="earlier"
                  disabled={index === 0}
                  onClick={() => props.onMove(url, index - 1, 'earlier')}
                  aria-label={t`Move photo ${position} earlier`}
                  className={iconButtonClass}
                >
                  <ArrowEarlierIcon />
                </button>
                <button
                  type="button"
                  data-action="later"
                  disabled={index === total - 1}
                  onClick={() => props.onMove(url, index + 1, 'later')}
                  aria-label={t`Move photo ${position} later`}
                  className={iconButtonClass}
                >
                  <ArrowLaterIcon />
                </button>
              </div>
              <button
                type="button"
                data-action="remove"
                onClick={() => props.onRemove(url, index)}
                aria-label={t`Remove photo ${position}`}
                className={`${iconButtonClass} hover:text-red-700 dark:hover:text-red-300`}
              >
                <TrashIcon />
              </button>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
