import type { StorageDriver } from './storage-driver'
import { isValidStorageKey } from './storage-keys'

/*
 * What a photo column (`realtor_photo.url`, `home_media.media_url`) holds, issue 32: the storage
 * KEY of a file in our store, the URL itself of anyone else's. A URL is built from the key when
 * answering, under the public base of the moment, so a site set up under one PUBLIC_URL (or
 * S3_PUBLIC_BASE_URL) and served under another, or moved to a new domain, still shows its
 * photos. Clients keep sending and receiving full URLs (spec §3, §7).
 *
 * The two never collide: an absolute URL has a scheme (`https:`) and a key cannot hold `:`.
 */

const HAS_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/

/**
 * The value to store for a photo URL a client sent: the key of a URL of ours (under any of the
 * addresses our store has had, see StorageDriver.keyFromUrl), else the URL as it came. A bare
 * key is kept as a key: it can only mean our store, and the save checks it like any upload.
 */
export function storedPhotoAddress(storage: StorageDriver, url: string): string {
  if (!HAS_SCHEME.test(url)) return url
  return storage.keyFromUrl(url) ?? url
}

/** The key a stored value names, when it names a file of ours. */
export function storedPhotoKey(stored: string): string | undefined {
  return !HAS_SCHEME.test(stored) && isValidStorageKey(stored) ? stored : undefined
}

/** The URL to answer for a stored value: our files under today's public base, others as stored. */
export function photoUrlOf(storage: StorageDriver, stored: string): string {
  const key = storedPhotoKey(stored)
  return key === undefined ? stored : storage.publicUrl(key)
}
