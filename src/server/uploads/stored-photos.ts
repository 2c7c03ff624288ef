import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { AppError } from '~/server/app-error'
import { sniffImageType } from './image-check'
import { storedPhotoAddress, storedPhotoKey } from './photo-address'
import { uploadPrefix, type StorageDriver } from './storage'

const NOT_UPLOADED = msg`A photo has not finished uploading. Please upload it again`
const TOO_LARGE = msg`The file is too large`
const NOT_AN_IMAGE = msg`Only JPEG, PNG, WebP and AVIF images are accepted`
const NOT_YOURS = msg`This photo is not one of this homepage's uploads. Please upload it again`

// The message itself, not "some fields need your attention": the editor shows it in its toast,
// and a photo has no field of its own to show it beside.
function refusedPhoto(message: MessageDescriptor): AppError {
  return new AppError('VALIDATION_FAILED', message, { fieldErrors: { photos: [message.id] } })
}

/**
 * The photos a save adds must be files our store holds, uploaded by the homepage's account or
 * by whoever is saving it (an admin): images of an accepted type within the size limit. A URL
 * into our store that names no valid key (`/uploads/..%2f..%2fauth-secret`) or another
 * account's upload is refused (issue 17). The local driver checks a file as it arrives; an upload to S3 goes from the
 * browser straight to the bucket, which enforces the signed content type but neither size
 * nor content (s3-storage.ts), so a save is where such a file is checked before any page
 * shows it. Photos already saved are not checked again, and URLs outside our store are
 * left alone (spec §3 stores photo URLs). Returns the keys of the photos the save adds, whose
 * width variants the save then makes (photo-variants.ts).
 */
export async function assertAddedPhotosStored(
  storage: StorageDriver,
  maxBytes: number,
  change: { previousUrls: ReadonlyArray<string>; photos: ReadonlyArray<{ url: string }>; uploaders: ReadonlyArray<string> },
): Promise<Array<string>> {
  const { previousUrls, photos } = change
  // Compared as stored (photo-address.ts): a photo already saved may come back under the URL
  // of an earlier public base, and is the same file.
  const previous = new Set(previousUrls.map((url) => storedPhotoAddress(storage, url)))
  const prefixes = change.uploaders.map(uploadPrefix)
  const keys = new Set<string>()
  for (const { url } of photos) {
    const address = storedPhotoAddress(storage, url)
    if (previous.has(address)) continue
    const key = storedPhotoKey(address)
    if (key === undefined) {
      if (storage.isStoreUrl(url)) throw refusedPhoto(NOT_YOURS)
      continue
    }
    if (!prefixes.some((prefix) => key.startsWith(prefix))) throw refusedPhoto(NOT_YOURS)
    keys.add(key)
  }
  const objects = await Promise.all([...keys].map((key) => storage.inspect(key)))
  for (const object of objects) {
    if (!object) throw refusedPhoto(NOT_UPLOADED)
    if (object.size > maxBytes) throw refusedPhoto(TOO_LARGE)
    if (!sniffImageType(object.head)) throw refusedPhoto(NOT_AN_IMAGE)
  }
  return [...keys]
}
