import { sniffImageType } from '~/lib/image-type'
import { z } from 'zod'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import type { Photo, PhotoPath, UploadContentType } from '~/schemas/photo'

/*
 * The photo editor's rules, free of React and of the browser so they can be unit tested:
 * what a file must be before it is sent, and how the realtor's photo list changes when a
 * photo is uploaded, removed or moved.
 */

/**
 * The server's default `UPLOAD_MAX_BYTES` (10 MB). Checked here first so a realtor on a phone
 * does not wait for a 30 MB upload only to have it refused; the server checks again.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** `realtorInputSchema` allows at most this many photo entries (thumbnails included). */
export const MAX_PHOTO_ENTRIES = 60

/** The presign request takes at most this many files; larger selections are sent in batches. */
export const PRESIGN_BATCH_SIZE = 20

/** How the server names a gallery photo's thumbnail (`{key}.thumb.webp`, see homepage/photos.ts). */
export const THUMBNAIL_SUFFIX = '.thumb.webp'

/** Only the gallery keeps several photos; every other path shows one (the first fullsize). */
export function isMultiPhotoPath(path: PhotoPath): boolean {
  return path === 'gallery'
}

export function thumbnailUrlFor(url: string): string {
  return `${url}${THUMBNAIL_SUFFIX}`
}

// ---------------------------------------------------------------------------------------------
// Files, checked in the browser before anything is sent
// ---------------------------------------------------------------------------------------------

/** Enough of a file's start to recognise it (an AVIF `ftyp` box lists its brands up front). */
export const SNIFF_BYTES = 512

export { sniffImageType }

export type FileRejection = 'empty' | 'too-large' | 'not-an-image'
export type FileCheck = { ok: true; contentType: UploadContentType } | { ok: false; reason: FileRejection }

/**
 * Whether a file may be uploaded, from its size and its first `SNIFF_BYTES` bytes. Size first:
 * it needs no reading, and "too large" is the more useful thing to hear about a huge file.
 */
export function checkFile(file: { size: number }, head: Uint8Array): FileCheck {
  if (file.size <= 0) return { ok: false, reason: 'empty' }
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, reason: 'too-large' }
  const contentType = sniffImageType(head)
  return contentType ? { ok: true, contentType } : { ok: false, reason: 'not-an-image' }
}

/** "840 kB", "12.3 MB" (Korean "12.3MB") for messages about a file; never broken between number and unit. */
export function formatFileSize(bytes: number, lang: Lang): string {
  const megabytes = bytes / (1024 * 1024)
  const format = (value: number, unit: string, maximumFractionDigits: number) =>
    new Intl.NumberFormat(LOCALE_TAG[lang], { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits }).format(value).replace(/ /g, '\u00a0')
  return megabytes >= 1 ? format(megabytes, 'megabyte', 1) : format(Math.max(bytes / 1024, 1), 'kilobyte', 0)
}

// ---------------------------------------------------------------------------------------------
// Room in the photo list
// ---------------------------------------------------------------------------------------------

/**
 * Entries a new upload may add. A gallery photo may bring a thumbnail entry (the local driver
 * makes one, S3 does not), so it reserves two: refusing early beats a save the server rejects.
 */
export function entriesPerUpload(path: PhotoPath): number {
  return isMultiPhotoPath(path) ? 2 : 1
}

/**
 * How many of `count` new files for `path` fit under MAX_PHOTO_ENTRIES, given the photos and
 * the paths of uploads still in progress. A single-photo path replaces what it holds, so its
 * own entries (and its own pending upload, which the new one cancels) make room.
 */
export function uploadsThatFit(input: { photos: ReadonlyArray<Photo>; pendingPaths: ReadonlyArray<PhotoPath>; path: PhotoPath; count: number }): number {
  const { photos, pendingPaths, path, count } = input
  const multi = isMultiPhotoPath(path)
  const kept = multi ? photos.length : photos.filter((photo) => photo.path !== path).length
  const pending = pendingPaths.filter((pendingPath) => multi || pendingPath !== path).reduce((sum, pendingPath) => sum + entriesPerUpload(pendingPath), 0)
  const free = MAX_PHOTO_ENTRIES - kept - pending
  const fit = Math.max(0, Math.floor(free / entriesPerUpload(path)))
  return Math.min(count, multi ? fit : Math.min(fit, 1))
}

// ---------------------------------------------------------------------------------------------
// The photo list
// ---------------------------------------------------------------------------------------------

/** The photo a single-photo path shows on the homepage: its first fullsize entry. */
export function currentPhoto(photos: ReadonlyArray<Photo>, path: PhotoPath): Photo | undefined {
  return photos.find((photo) => photo.path === path && photo.imageType === 'fullsize')
}

export type GalleryEntry = { photo: Photo; thumbnail: Photo | undefined }

/** The gallery's fullsize photos in order, each with the thumbnail entry that belongs to it. */
export function galleryEntries(photos: ReadonlyArray<Photo>): Array<GalleryEntry> {
  const thumbnails = new Map<string, Photo>()
  for (const photo of photos) {
    if (photo.path === 'gallery' && photo.imageType === 'thumbnail' && !thumbnails.has(photo.url)) thumbnails.set(photo.url, photo)
  }
  const used = new Set<string>()
  return photos
    .filter((photo) => photo.path === 'gallery' && photo.imageType === 'fullsize')
    .map((photo) => {
      const thumbnailUrl = thumbnailUrlFor(photo.url)
      // A thumbnail belongs to one photo only, even if a list ever names a photo twice.
      const thumbnail = used.has(thumbnailUrl) ? undefined : thumbnails.get(thumbnailUrl)
      if (thumbnail) used.add(thumbnailUrl)
      return { photo, thumbnail }
    })
}

/**
 * The photos after an upload succeeded. A single-photo path is replaced in place (every
 * entry of the path goes, so an older photo cannot resurface as "the first"); the gallery
 * grows at its end. A thumbnail is kept only when it is the one the homepage pairs with the
 * photo: any other URL would be an entry nothing shows and nothing could remove.
 */
export function withUploadedPhoto(photos: ReadonlyArray<Photo>, upload: { path: PhotoPath; url: string; thumbnailUrl?: string }): Array<Photo> {
  const added: Array<Photo> = [{ path: upload.path, imageType: 'fullsize', url: upload.url }]
  if (isMultiPhotoPath(upload.path)) {
    if (upload.thumbnailUrl !== undefined && upload.thumbnailUrl === thumbnailUrlFor(upload.url)) {
      added.push({ path: upload.path, imageType: 'thumbnail', url: upload.thumbnailUrl })
    }
    return [...photos, ...added]
  }
  const at = photos.findIndex((photo) => photo.path === upload.path)
  if (at < 0) return [...photos, ...added]
  const others = photos.filter((photo) => photo.path !== upload.path)
  return [...others.slice(0, at), ...added, ...others.slice(at)]
}

/**
 * The photos without one. Removing from a single-photo path empties the path; removing a
 * gallery photo also removes its thumbnail, which would otherwise outlive it unseen.
 */
export function withoutPhoto(photos: ReadonlyArray<Photo>, path: PhotoPath, url: string): Array<Photo> {
  if (!isMultiPhotoPath(path)) return photos.filter((photo) => photo.path !== path)
  const thumbnailUrl = thumbnailUrlFor(url)
  return photos.filter(
    (photo) => photo.path !== path || (photo.imageType === 'fullsize' && photo.url !== url) || (photo.imageType === 'thumbnail' && photo.url !== thumbnailUrl),
  )
}

/**
 * The photos with one gallery photo moved to position `to` (0-based, clamped) among the
 * gallery's fullsize photos. Gallery entries are written back into the slots they held, so
 * the other paths' entries do not move; each thumbnail is placed right after its photo, and
 * thumbnails without a photo keep their place at the end of the gallery.
 */
export function withGalleryPhotoMoved(photos: ReadonlyArray<Photo>, url: string, to: number): Array<Photo> {
  const entries = galleryEntries(photos)
  const from = entries.findIndex((entry) => entry.photo.url === url)
  if (from < 0) return [...photos]
  const target = Math.min(Math.max(Math.trunc(to), 0), entries.length - 1)
  if (target === from) return [...photos]
  const reordered = [...entries]
  const [moved] = reordered.splice(from, 1)
  if (!moved) return [...photos]
  reordered.splice(target, 0, moved)

  const paired = new Set(entries.flatMap((entry) => (entry.thumbnail ? [entry.thumbnail] : [])))
  const orphans = photos.filter((photo) => photo.path === 'gallery' && photo.imageType === 'thumbnail' && !paired.has(photo))
  const sequence = [...reordered.flatMap((entry) => (entry.thumbnail ? [entry.photo, entry.thumbnail] : [entry.photo])), ...orphans]

  let next = 0
  return photos.map((photo) => (photo.path === 'gallery' ? (sequence[next++] ?? photo) : photo))
}

// ---------------------------------------------------------------------------------------------
// The upload's answer
// ---------------------------------------------------------------------------------------------

const localPutAnswerSchema = z.object({ url: z.string().optional(), thumbnailUrl: z.string().min(1).optional() })
const errorAnswerSchema = z.object({ message: z.string().trim().min(1) })

export type PutAnswer = { kind: 'stored'; thumbnailUrl?: string } | { kind: 'refused'; status: number; message?: string }

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Reads the answer to `PUT {uploadUrl}`. Spec §7: only 200 means stored. The local driver
 * answers `{ url, thumbnailUrl? }` (a thumbnail for gallery photos) and, on refusal, the API's
 * translated `{ message, code }`; S3 answers 200 with an empty body and refuses in XML, which
 * has no message fit to show a realtor.
 */
export function readPutResponse(status: number, body: string): PutAnswer {
  const json = body.trim() === '' ? undefined : parseJson(body)
  if (status === 200) {
    const answer = localPutAnswerSchema.safeParse(json)
    return answer.success && answer.data.thumbnailUrl !== undefined ? { kind: 'stored', thumbnailUrl: answer.data.thumbnailUrl } : { kind: 'stored' }
  }
  const error = errorAnswerSchema.safeParse(json)
  return error.success ? { kind: 'refused', status, message: error.data.message } : { kind: 'refused', status }
}

/** Splits a list into runs of at most `size` (presign batches). */
export function chunk<T>(items: ReadonlyArray<T>, size: number): Array<Array<T>> {
  const runs: Array<Array<T>> = []
  for (let index = 0; index < items.length; index += size) runs.push(items.slice(index, index + size))
  return runs
}
