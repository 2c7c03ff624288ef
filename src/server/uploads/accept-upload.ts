import { makeThumbnail, sniffImageType } from './image-check'
import { verifyUploadSignature } from './local-storage'
import { renderPhotoVariants, wantsVariants, type RenderedVariant } from './photo-variants'
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
  /**
   * Records which width variants (`{key}.w640.webp`, photo-variants.ts) were stored; without it
   * none are made. Called once every file is written; if it fails, the variants are removed and
   * the upload still succeeds: the save that adds the photo makes them again.
   */
  recordVariants?: (key: string, widths: ReadonlyArray<number>) => Promise<void>
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
  let variants: Array<RenderedVariant> = []
  // Everything derived is rendered before anything is written, so bytes that do not decode
  // leave no trace and a write failure below has only writes to undo.
  try {
    if ((input.makeThumbnailFor ?? true) && isGalleryKey(key)) thumbnail = { key: thumbnailKeyFor(key), ...(await makeThumbnail(body)) }
    if (input.recordVariants && wantsVariants(key)) variants = await renderPhotoVariants(key, body)
  } catch {
    // A valid signature over bytes that do not decode (truncated, corrupt, a bomb) is bad input.
    return { ok: false, status: 415, code: 'image-undecodable' }
  }

  const derived = [...(thumbnail ? [thumbnail] : []), ...variants.map((variant) => ({ key: variant.key, bytes: variant.bytes, contentType: 'image/webp' }))]
  try {
    await storage.put(key, body, signature.contentType)
    for (const file of derived) await storage.put(file.key, file.bytes, file.contentType)
  } catch (error) {
    // Half an upload (an original without its thumbnail or some of its variants) would show as a
    // broken picture; removing the original too frees the upload link for the client's retry.
    await storage.delete([key, ...derived.map((file) => file.key)]).catch(() => undefined)
    throw error
  }
  if (input.recordVariants && variants.length > 0) {
    try {
      await input.recordVariants(
        key,
        variants.map((variant) => variant.width),
      )
    } catch {
      // The photo is stored and fine without variants; no page may name unrecorded ones.
      await storage.delete(variants.map((variant) => variant.key)).catch(() => undefined)
    }
  }

  return thumbnail ? { ok: true, url: storage.publicUrl(key), thumbnailUrl: storage.publicUrl(thumbnail.key) } : { ok: true, url: storage.publicUrl(key) }
}

/** `image/jpeg; charset=binary` and `IMAGE/JPEG` name the same type as `image/jpeg`. */
function mediaType(header: string | null | undefined): string | undefined {
  const value = header?.split(';')[0]?.trim().toLowerCase()
  return value === '' ? undefined : value
}
