import { makeThumbnail, sniffImageType } from './image-check'
import { verifyUploadSignature } from './local-storage'
import { isGalleryKey, thumbnailKeyFor, type StorageDriver } from './storage'
import { isValidStorageKey } from './storage-keys'

export type AcceptUploadErrorCode =
  | 'invalid-key'
  | 'upload-url-malformed'
  | 'upload-url-expired'
  | 'upload-signature-invalid'
  | 'empty-body'
  | 'too-large'
  | 'content-type-mismatch'
  | 'content-not-allowed-image'
  | 'image-undecodable'
  | 'upload-url-used'

export type AcceptUploadResult =
  { ok: true; url: string; thumbnailUrl?: string } | { ok: false; status: 400 | 403 | 409 | 413 | 415; code: AcceptUploadErrorCode }

export type AcceptLocalUploadInput = {
  storage: StorageDriver
  /** The object key, taken from the request path after `/uploads/`. */
  key: string
  searchParams: URLSearchParams
  contentTypeHeader: string | null | undefined
  body: Uint8Array
  secret: string
  now: Date
  /** Gallery photos (key contains `/gallery/`) get a WebP thumbnail at `{key}.thumb.webp`; false skips it. */
  makeThumbnailFor?: boolean
}

/**
 * The local driver's PUT endpoint, whatever HTTP framework carries it. Every check runs before
 * anything is written, so a refused upload leaves no trace in storage.
 */
export async function acceptLocalUpload(input: AcceptLocalUploadInput): Promise<AcceptUploadResult> {
  const { storage, key, body } = input
  if (!isValidStorageKey(key)) return { ok: false, status: 400, code: 'invalid-key' }

  const signature = verifyUploadSignature(key, input.searchParams, input.secret, input.now)
  if (!signature.ok) {
    switch (signature.reason) {
      case 'malformed':
        return { ok: false, status: 400, code: 'upload-url-malformed' }
      case 'expired':
        return { ok: false, status: 403, code: 'upload-url-expired' }
      case 'bad-signature':
        return { ok: false, status: 403, code: 'upload-signature-invalid' }
    }
  }

  // An upload link works once: a stored photo is served `immutable`, so it must never change
  // under its URL (issue 17). (Two PUTs racing within milliseconds could both pass; the link
  // is the owner's own, for 15 minutes.)
  if (await storage.inspect(key)) return { ok: false, status: 409, code: 'upload-url-used' }

  if (body.byteLength > signature.maxBytes) return { ok: false, status: 413, code: 'too-large' }
  if (body.byteLength === 0) return { ok: false, status: 400, code: 'empty-body' }
  if (mediaType(input.contentTypeHeader) !== signature.contentType) return { ok: false, status: 415, code: 'content-type-mismatch' }
  // The name and the header are the client's word; the bytes are the file.
  if (sniffImageType(body) !== signature.contentType) return { ok: false, status: 415, code: 'content-not-allowed-image' }

  let thumbnail: { key: string; bytes: Uint8Array; contentType: string } | undefined
  if ((input.makeThumbnailFor ?? true) && isGalleryKey(key)) {
    try {
      thumbnail = { key: thumbnailKeyFor(key), ...(await makeThumbnail(body)) }
    } catch {
      // A valid signature over bytes that do not decode (truncated, corrupt, a bomb) is bad input.
      return { ok: false, status: 415, code: 'image-undecodable' }
    }
  }

  try {
    await storage.put(key, body, signature.contentType)
    if (thumbnail) await storage.put(thumbnail.key, thumbnail.bytes, thumbnail.contentType)
  } catch (error) {
    // Half an upload (original without its thumbnail) would show as a broken grid tile.
    await storage.delete(thumbnail ? [key, thumbnail.key] : [key]).catch(() => undefined)
    throw error
  }

  return thumbnail ? { ok: true, url: storage.publicUrl(key), thumbnailUrl: storage.publicUrl(thumbnail.key) } : { ok: true, url: storage.publicUrl(key) }
}

/** `image/jpeg; charset=binary` and `IMAGE/JPEG` name the same type as `image/jpeg`. */
function mediaType(header: string | null | undefined): string | undefined {
  const value = header?.split(';')[0]?.trim().toLowerCase()
  return value === '' ? undefined : value
}
