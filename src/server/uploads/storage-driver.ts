import type { UploadContentType } from '~/schemas/photo'

/*
 * What a storage driver is (local disk, S3-compatible) and the rules both follow. Apart from
 * storage.ts, which picks a driver, so the drivers need not import their chooser.
 */

export type PresignedUpload = {
  key: string
  uploadUrl: string
  /** What the API stores: the uploadUrl without its query string (spec §7). */
  url: string
  contentType: UploadContentType
  expiresAt: string
  /**
   * Headers the PUT must carry with exactly these values: the URL's signature covers them, so a
   * PUT without one is refused. The REST answer and the browser uploader pass them on as listed.
   */
  headers: Readonly<Record<string, string>>
}

/** One stored file's bytes and type, as `get` reads it. */
export type StoredFile = { bytes: Uint8Array; contentType: string }

/** One stored object as a listing sees it. */
export type StoredObject = { key: string; lastModified: Date }

export interface StorageDriver {
  readonly kind: 'local' | 's3'
  presignPut(input: { key: string; contentType: UploadContentType; maxBytes: number }): Promise<PresignedUpload>
  /** Server-side writes (thumbnails, seed data). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredFile | undefined>
  /**
   * An object's size and first bytes (at most INSPECT_BYTES) without reading all of it; undefined
   * when nothing is stored under the key. What a save checks of a file a browser sent straight
   * to the store.
   */
  inspect(key: string): Promise<{ size: number; head: Uint8Array } | undefined>
  delete(keys: string[]): Promise<void>
  /**
   * Every object whose key starts with `prefix` (a folder: ends with `/`), read page by page so
   * a large store is never held in memory at once. What the cleanup of unreferenced uploads walks.
   */
  list(prefix: string): AsyncIterable<StoredObject>
  /** The URL a key is read at now (PUBLIC_URL or S3_PUBLIC_BASE_URL of this start). */
  publicUrl(key: string): string
  /**
   * Inverse of publicUrl, and more: the URL our store gave under an earlier public base (the
   * local driver: any origin whose path is our upload path; S3: the CDN base or the bucket's).
   */
  keyFromUrl(url: string): string | undefined
  /** Whether a URL points into this store at all, a valid key or not (`/uploads/..%2fsecret`). */
  isStoreUrl(url: string): boolean
  /**
   * The origins a browser reads stored photos from and sends presigned uploads to, which a
   * page's Content-Security-Policy must name (our main host too: a realtor's own domain is
   * another origin).
   */
  readonly browserOrigins: ReadonlyArray<string>
}

/** Enough leading bytes to recognise every accepted image type, an AVIF's whole ftyp box included. */
export const INSPECT_BYTES = 256

/** Short enough that a leaked upload URL is soon useless, long enough for a slow phone upload. */
export const PRESIGN_TTL_SECONDS = 15 * 60

export function assertValidMaxBytes(maxBytes: number): void {
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) throw new RangeError(`maxBytes must be a positive integer, got ${maxBytes}`)
}

/** Removes one trailing slash run so `${base}/${key}` never has `//`. */
export function trimTrailingSlashes(value: string): string {
  return value.replace(/\/+$/, '')
}
