import { createHmac, randomUUID } from 'node:crypto'
import type { PhotoPath, UploadContentType } from '~/schemas/photo'
import { createLocalStorage, type LocalStorageConfig } from './local-storage'
import { createS3Storage, type S3StorageConfig } from './s3-storage'
import { InvalidStorageKeyError } from './storage-keys'

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

/** One stored object as a listing sees it. */
export type StoredObject = { key: string; lastModified: Date }

export interface StorageDriver {
  readonly kind: 'local' | 's3'
  presignPut(input: { key: string; contentType: UploadContentType; maxBytes: number }): Promise<PresignedUpload>
  /** Server-side writes (thumbnails, seed data). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined>
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
  /** The stored URL for a key. */
  publicUrl(key: string): string
  /** Inverse of publicUrl, so a realtor's photos can be deleted from their stored URLs. */
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

export type StorageConfig = ({ driver: 'local' } & LocalStorageConfig) | ({ driver: 's3' } & S3StorageConfig)

/** Enough leading bytes to recognise every accepted image type, an AVIF's whole ftyp box included. */
export const INSPECT_BYTES = 256

/** Short enough that a leaked upload URL is soon useless, long enough for a slow phone upload. */
export const PRESIGN_TTL_SECONDS = 15 * 60

export function assertValidMaxBytes(maxBytes: number): void {
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) throw new RangeError(`maxBytes must be a positive integer, got ${maxBytes}`)
}

export const EXTENSION_BY_CONTENT_TYPE: Readonly<Record<UploadContentType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

/** Gallery photos get a smaller sibling for the grid; the key says which photos are gallery photos. */
export function isGalleryKey(key: string): boolean {
  return key.includes('/gallery/')
}

const THUMBNAIL_SUFFIX = '.thumb.webp'

export function thumbnailKeyFor(key: string): string {
  return `${key}${THUMBNAIL_SUFFIX}`
}

/**
 * The key a derived variant was made from (a thumbnail's original), or the key itself: a variant
 * lives and dies with its original, whichever of the two a realtor's photo list names.
 */
export function originalKeyOf(key: string): string {
  return key.endsWith(THUMBNAIL_SUFFIX) ? key.slice(0, -THUMBNAIL_SUFFIX.length) : key
}

/** Removes one trailing slash run so `${base}/${key}` never has `//`. */
export function trimTrailingSlashes(value: string): string {
  return value.replace(/\/+$/, '')
}

/** The folder every account's uploads are kept under; nothing else (demo listing images) is. */
export const UPLOADS_ROOT_PREFIX = 'realtors/'

/**
 * The folder name of an account's uploads: an HMAC of the account id under the server's secret.
 * A photo's public URL then names the folder, never the account id (issue 15: nothing private
 * in public payloads), and the server still finds the folder from the signed-in account alone.
 */
export function uploadFolderOf(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`upload-folder:${userId}`).digest('base64url').slice(0, 22)
}

/** Where an account's uploads are kept: `realtors/{folder}/` (see uploadFolderOf). */
export function uploadPrefix(ownerId: string): string {
  const owner = ownerId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100)
  if (owner.replace(/_/g, '') === '') throw new InvalidStorageKeyError(ownerId)
  return `${UPLOADS_ROOT_PREFIX}${owner}/`
}

/**
 * A key made by the server: the client's file name never reaches storage, so it cannot carry a
 * path, a misleading extension, or someone else's folder.
 */
export function uploadKey(input: { ownerId: string; path: PhotoPath; contentType: UploadContentType }): string {
  return `${uploadPrefix(input.ownerId)}${input.path}/${randomUUID()}.${EXTENSION_BY_CONTENT_TYPE[input.contentType]}`
}

export function createStorage(config: StorageConfig): StorageDriver {
  switch (config.driver) {
    case 'local':
      return createLocalStorage(config)
    case 's3':
      return createS3Storage(config)
  }
}
