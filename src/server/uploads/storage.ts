import { createHmac, randomUUID } from 'node:crypto'
import { variantOriginalOf } from '~/lib/photo-variants'
import type { PhotoPath, UploadContentType } from '~/schemas/photo'
import { createLocalStorage, type LocalStorageConfig } from './local-storage'
import { createS3Storage, type S3StorageConfig } from './s3-storage'
import { InvalidStorageKeyError } from './storage-keys'
import type { StorageDriver } from './storage-driver'

export { INSPECT_BYTES, type PresignedUpload, type StorageDriver, type StoredObject } from './storage-driver'

export type StorageConfig = ({ driver: 'local' } & LocalStorageConfig) | ({ driver: 's3' } & S3StorageConfig)

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
 * The key a derived file was made from (a thumbnail's or a width variant's original), or the key
 * itself: a derived file lives and dies with its original, whichever of the two a photo list names.
 */
export function originalKeyOf(key: string): string {
  if (key.endsWith(THUMBNAIL_SUFFIX)) return key.slice(0, -THUMBNAIL_SUFFIX.length)
  return variantOriginalOf(key) ?? key
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
