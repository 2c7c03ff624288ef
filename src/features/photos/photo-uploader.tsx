import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { Lang } from '~/lib/lang'
import { PHOTO_PATHS, type Photo, type PhotoPath, type UploadContentType } from '~/schemas/photo'
import { PHOTO_PATH_COPY } from './photo-paths'
import {
  checkFile,
  chunk,
  currentPhoto,
  galleryEntries,
  isMultiPhotoPath,
  PRESIGN_BATCH_SIZE,
  uploadsThatFit,
  withGalleryPhotoMoved,
  withoutPhoto,
  withUploadedPhoto,
  type FileCheck,
} from './photo-list'
import { GalleryGrid, SinglePhoto } from './photo-current'
import { DropZone, RejectionList } from './photo-drop-zone'
import { JobList } from './photo-upload-jobs'
import { presignFiles, type UploadTarget } from './presign'
import type { Rejection, RejectionNotice, UploadJob } from './upload-job'
import { createLimiter, putFile, readFileHead, type PutResult } from './upload-transport'

export type PhotoUploaderProps = {
  lang: Lang
  photos: Array<Photo>
  onChange: (photos: Array<Photo>) => void
  /**
   * True while any upload is on its way or failed and not yet retried or discarded: the
   * realtor's record must not be saved without the photos it is meant to have (spec §7:
   * images needing upload are uploaded first).
   */
  onBusyChange?: (busy: boolean) => void
}

/** A few at a time: see createLimiter. */
const CONCURRENT_UPLOADS = 3

type FocusTarget = { kind: 'tile'; url: string; action: 'earlier' | 'later' | 'remove' } | { kind: 'input'; path: PhotoPath }
/** `before`: the photos the change was made from; focus waits until the parent has passed the new ones. */
type FocusRequest = { target: FocusTarget; before?: ReadonlyArray<Photo> }

type CheckedFile = { file: File; check: FileCheck | { ok: false; reason: 'unreadable' } }

async function checkOne(file: File): Promise<CheckedFile> {
  const head = await readFileHead(file)
  return { file, check: head ? checkFile(file, head) : { ok: false, reason: 'unreadable' } }
}

/**
 * The realtor's photos, one section per photo path (spec §3): choose or drop files, see each
 * upload's progress, retry a failed one, replace or remove a photo, order the gallery. Every
 * accepted file is presigned and PUT to storage at once (spec §7); `onChange` receives the
 * photo list with the stored URLs, ready to send with the realtor.
 */
export function PhotoUploader({ lang, photos, onChange, onBusyChange }: PhotoUploaderProps) {
  const { t, i18n } = useLingui()
  const baseId = useId()

  // Uploads finish in callbacks long after the render that started them: they read and write
  // the latest photos through a ref, so two uploads finishing together both land.
  const photosRef = useRef<ReadonlyArray<Photo>>(photos)
  const onChangeRef = useRef(onChange)
  const onBusyChangeRef = useRef(onBusyChange)
  useLayoutEffect(() => {
    photosRef.current = photos
  }, [photos])
  useLayoutEffect(() => {
    onChangeRef.current = onChange
    onBusyChangeRef.current = onBusyChange
  })

  const [jobs, setJobs] = useState<Array<UploadJob>>([])
  const jobsRef = useRef<Array<UploadJob>>([])
  const controllers = useRef(new Map<number, AbortController>())
  const nextId = useRef(0)
  const [limit] = useState(() => createLimiter(CONCURRENT_UPLOADS))
  const [rejections, setRejections] = useState<Partial<Record<PhotoPath, RejectionNotice>>>({})
  const [announcement, setAnnouncement] = useState({ key: 0, text: '' })
  const inputs = useRef(new Map<PhotoPath, HTMLInputElement>())
  const tiles = useRef(new Map<string, HTMLLIElement>())
  const focusRequest = useRef<FocusRequest | undefined>(undefined)
  const mounted = useRef(false)

  const updateJobs = useCallback((update: (current: Array<UploadJob>) => Array<UploadJob>) => {
    jobsRef.current = update(jobsRef.current)
    setJobs(jobsRef.current)
  }, [])
  const patchJob = useCallback(
    (id: number, patch: Partial<Omit<UploadJob, 'id'>>) => updateJobs((current) => current.map((job) => (job.id === id ? { ...job, ...patch } : job))),
    [updateJobs],
  )
  const isListed = (id: number) => jobsRef.current.some((job) => job.id === id)

  const commit = (update: (current: ReadonlyArray<Photo>) => Array<Photo>): ReadonlyArray<Photo> => {
    const before = photosRef.current
    const next = update(before)
    photosRef.current = next
    onChangeRef.current(next)
    return before
  }
  const announce = (text: string) => setAnnouncement((current) => ({ key: current.key + 1, text }))

  const fail = (id: number, message: string) => {
    controllers.current.delete(id)
    patchJob(id, { status: 'failed', error: message })
  }

  const reportProgress = (id: number, sent: number, total: number) => {
    const job = jobsRef.current.find((item) => item.id === id)
    if (!job || total <= 0) return
    const status = sent >= total ? 'finishing' : 'uploading'
    // Progress events come many times a second; a re-render per whole percent is enough.
    const percent = (value: number, of: number) => (of > 0 ? Math.floor((value / of) * 100) : 0)
    if (job.status === status && percent(job.sent, job.total) === percent(sent, total)) return
    patchJob(id, { status, sent, total })
  }

  const send = async (job: UploadJob, target: UploadTarget) => {
    const controller = controllers.current.get(job.id)
    if (!controller || controller.signal.aborted) return
    patchJob(job.id, { status: 'queued' })
    const aborted: PutResult = { kind: 'aborted' }
    const result = await limit(async () => {
      if (controller.signal.aborted) return aborted
      patchJob(job.id, { status: 'uploading', sent: 0, total: job.file.size })
      return putFile({
        uploadUrl: target.uploadUrl,
        headers: target.headers,
        file: job.file,
        lang,
        signal: controller.signal,
        onProgress: (sent, total) => reportProgress(job.id, sent, total),
      })
    })
    // Cancelled (or replaced) meanwhile: a file that arrived anyway is not added.
    if (result.kind === 'aborted' || !isListed(job.id)) return
    const name = job.file.name
    switch (result.kind) {
      case 'stored':
        controllers.current.delete(job.id)
        commit((current) => withUploadedPhoto(current, { path: job.path, url: target.url, thumbnailUrl: result.thumbnailUrl }))
        updateJobs((current) => current.filter((item) => item.id !== job.id))
        announce(t`${name} uploaded`)
        return
      case 'refused': {
        const status = result.status
        fail(job.id, result.message ?? t`The upload failed (error ${status}). Please try again.`)
        return
      }
      case 'network':
        fail(job.id, t`The upload failed. Check your connection and try again.`)
        return
    }
  }

  const run = async (batch: Array<UploadJob>) => {
    const presigned = await presignFiles(batch.map((job) => ({ path: job.path, contentType: job.contentType, size: job.file.size })))
    if (!presigned.ok) {
      const message = presigned.error ? i18n._(presigned.error.message) : t`The upload could not be started. Check your connection and try again.`
      for (const job of batch) if (isListed(job.id)) fail(job.id, message)
      return
    }
    await Promise.all(
      batch.map((job, index) => {
        const target = presigned.targets[index]
        return target ? send(job, target) : Promise.resolve()
      }),
    )
  }

  const cancelJobs = (ids: ReadonlyArray<number>) => {
    for (const id of ids) {
      controllers.current.get(id)?.abort()
      controllers.current.delete(id)
    }
    updateJobs((current) => current.filter((job) => !ids.includes(job.id)))
  }

  const addFiles = async (path: PhotoPath, files: Array<File>) => {
    const multi = isMultiPhotoPath(path)
    const checked = await Promise.all(files.map(checkOne))
    // Reading takes a moment; an editor closed meanwhile must not start uploads nobody sees.
    if (!mounted.current) return
    const refused: Array<Rejection> = []
    let accepted: Array<{ file: File; contentType: UploadContentType }> = []
    for (const { file, check } of checked) {
      if (check.ok) accepted.push({ file, contentType: check.contentType })
      else refused.push({ name: file.name, size: file.size, reason: check.reason })
    }
    if (!multi) {
      for (const { file } of accepted.slice(1)) refused.push({ name: file.name, size: file.size, reason: 'one-only' })
      accepted = accepted.slice(0, 1)
    }
    const fit = uploadsThatFit({ photos: photosRef.current, pendingPaths: jobsRef.current.map((job) => job.path), path, count: accepted.length })
    for (const { file } of accepted.slice(fit)) refused.push({ name: file.name, size: file.size, reason: 'no-room' })
    accepted = accepted.slice(0, fit)

    nextId.current += 1
    const noticeKey = nextId.current
    setRejections((current) => ({ ...current, [path]: { key: noticeKey, items: refused } }))
    if (accepted.length === 0) return

    // A new photo for a one-photo slot replaces the one still on its way.
    if (!multi) cancelJobs(jobsRef.current.filter((job) => job.path === path).map((job) => job.id))
    const added = accepted.map(({ file, contentType }): UploadJob => {
      nextId.current += 1
      return { id: nextId.current, path, file, contentType, status: 'preparing', sent: 0, total: file.size }
    })
    for (const job of added) controllers.current.set(job.id, new AbortController())
    updateJobs((current) => [...current, ...added])
    for (const batch of chunk(added, PRESIGN_BATCH_SIZE)) void run(batch)
  }

  const retry = (id: number) => {
    const job = jobsRef.current.find((item) => item.id === id)
    if (!job || job.status !== 'failed') return
    controllers.current.set(id, new AbortController())
    patchJob(id, { status: 'preparing', error: undefined, sent: 0 })
    // A fresh upload URL: the old one may have expired, and a refusal may have spent it.
    void run([{ ...job, status: 'preparing', error: undefined, sent: 0 }])
  }

  const cancel = (id: number) => {
    const job = jobsRef.current.find((item) => item.id === id)
    cancelJobs([id])
    if (job) focusRequest.current = { target: { kind: 'input', path: job.path } }
  }

  const removeSingle = (path: PhotoPath, url: string, title: string) => {
    const before = commit((current) => withoutPhoto(current, path, url))
    focusRequest.current = { target: { kind: 'input', path }, before }
    announce(t`${title} removed`)
  }

  const removeFromGallery = (url: string, index: number) => {
    const entries = galleryEntries(photosRef.current)
    const neighbour = entries[index + 1] ?? entries[index - 1]
    const before = commit((current) => withoutPhoto(current, 'gallery', url))
    focusRequest.current = {
      target: neighbour && neighbour.photo.url !== url ? { kind: 'tile', url: neighbour.photo.url, action: 'remove' } : { kind: 'input', path: 'gallery' },
      before,
    }
    announce(t`Photo removed`)
  }

  const move = (url: string, to: number, action: 'earlier' | 'later') => {
    const before = commit((current) => withGalleryPhotoMoved(current, url, to))
    // Reordering moves the tile in the DOM, which drops focus; it is put back on the same button.
    focusRequest.current = { target: { kind: 'tile', url, action }, before }
    const entries = galleryEntries(photosRef.current)
    const total = entries.length
    const position = entries.findIndex((entry) => entry.photo.url === url) + 1
    announce(t`Moved to position ${position} of ${total}`)
  }

  useLayoutEffect(() => {
    const request = focusRequest.current
    if (!request || (request.before !== undefined && request.before === photos)) return
    focusRequest.current = undefined
    const { target } = request
    if (target.kind === 'input') {
      inputs.current.get(target.path)?.focus()
      return
    }
    const tile = tiles.current.get(target.url)
    const button = (action: string) => tile?.querySelector<HTMLButtonElement>(`button[data-action="${action}"]:not(:disabled)`)
    // At either end the pressed arrow is disabled; the other arrow keeps focus on the photo.
    const fallback = target.action === 'earlier' ? 'later' : 'earlier'
    ;(button(target.action) ?? button(fallback) ?? button('remove'))?.focus()
  })

  const busy = jobs.length > 0
  const reportedBusy = useRef(false)
  // Before paint, so a Save button never looks ready for a frame while the last upload lands.
  useLayoutEffect(() => {
    if (reportedBusy.current === busy) return
    reportedBusy.current = busy
    onBusyChangeRef.current?.(busy)
  }, [busy])

  useEffect(() => {
    mounted.current = true
    const active = controllers.current
    // A file dropped just beside a zone would otherwise make the browser open it, leaving the
    // editor and its unsaved changes. Zones accept drops themselves (they prevent the default).
    const guard = (event: DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return
      event.preventDefault()
      if (event.type === 'dragover') event.dataTransfer.dropEffect = 'none'
    }
    window.addEventListener('dragover', guard)
    window.addEventListener('drop', guard)
    return () => {
      window.removeEventListener('dragover', guard)
      window.removeEventListener('drop', guard)
      mounted.current = false
      // Leaving the editor stops its uploads; the parent is told nothing is pending any more.
      for (const controller of active.values()) controller.abort()
      active.clear()
      if (reportedBusy.current) {
        reportedBusy.current = false
        onBusyChangeRef.current?.(false)
      }
    }
  }, [])

  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="photo-uploader">
      {PHOTO_PATHS.map((path) => {
        const title = i18n._(PHOTO_PATH_COPY[path].title)
        const sectionId = `${baseId}-${path}`
        const multi = isMultiPhotoPath(path)
        const entries = multi ? galleryEntries(photos) : []
        const current = multi ? undefined : currentPhoto(photos, path)
        return (
          <section
            key={path}
            aria-labelledby={`${sectionId}-title`}
            className={`min-w-0 rounded-xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900 ${path === 'gallery' || path === 'top' ? 'lg:col-span-2' : ''}`}
            data-testid={`photo-section-${path}`}
          >
            <div className="mb-3">
              <h3 id={`${sectionId}-title`} className="text-base font-semibold text-stone-900 dark:text-stone-50">
                {title}
                {multi && entries.length > 0 ? (
                  <span className="ml-1.5 text-sm font-normal text-stone-500 tabular-nums dark:text-stone-400">({entries.length})</span>
                ) : null}
              </h3>
              <p id={`${sectionId}-hint`} className="mt-0.5 text-sm text-stone-600 dark:text-stone-400">
                {i18n._(PHOTO_PATH_COPY[path].hint)}
              </p>
            </div>
            {multi ? (
              <GalleryGrid
                entries={entries}
                tileRef={(url, element) => {
                  if (element) tiles.current.set(url, element)
                  else tiles.current.delete(url)
                }}
                onMove={move}
                onRemove={removeFromGallery}
              />
            ) : current && path !== 'gallery' ? (
              <SinglePhoto
                path={path}
                photo={current}
                title={title}
                onReplace={() => inputs.current.get(path)?.click()}
                onRemove={() => removeSingle(path, current.url, title)}
              />
            ) : null}
            <DropZone
              inputId={`${sectionId}-input`}
              inputRef={(element) => {
                if (element) inputs.current.set(path, element)
                else inputs.current.delete(path)
              }}
              lang={lang}
              manyPhotos={multi}
              hasPhoto={current !== undefined}
              title={title}
              describedBy={`${sectionId}-hint ${sectionId}-rejections`}
              onFiles={(files) => void addFiles(path, files)}
            />
            <RejectionList
              id={`${sectionId}-rejections`}
              notice={rejections[path]}
              lang={lang}
              onDismiss={() => setRejections((currentNotices) => ({ ...currentNotices, [path]: undefined }))}
            />
            <JobList jobs={jobs.filter((job) => job.path === path)} lang={lang} onRetry={retry} onCancel={cancel} />
          </section>
        )
      })}
      <div aria-live="polite" className="sr-only" data-testid="photo-announcer">
        {announcement.text ? <p key={announcement.key}>{announcement.text}</p> : null}
      </div>
    </div>
  )
}
