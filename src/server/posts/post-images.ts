import { LOCAL_UPLOAD_PREFIX } from '~/server/uploads/local-storage'
import { uploadPrefix, type StorageDriver } from '~/server/uploads/storage'
import { isValidStorageKey, SERVER_KEY_ROOTS } from '~/server/uploads/storage-keys'

/*
 * Where the images in a post's text point (issue 48 item 2, decision 053). A post stores an
 * image of ours as the site-relative path `/uploads/{key}`, whatever URL the upload was given
 * (`http://localhost:3000/uploads/…`, an S3 bucket's, a CDN's): a post then survives a move to
 * the realtor's own domain, a new PUBLIC_URL or a CDN in front of the store. It is read at the
 * store's address of the moment (`storage.publicUrl`), as every other photo is (issue 32).
 * Posts written before this are read the same way: any address of ours an old body holds names
 * its key, so no migration rewrites them (a migration could not know the store's past bases).
 */

const ABSOLUTE_HTTPS = /^https:\/\/[^/\\\s]/i

/** The key an image address names when it is a file of our store: our site-relative path, or any URL our store has had. */
export function uploadKeyOfImage(storage: StorageDriver, src: string): string | undefined {
  if (src.startsWith(LOCAL_UPLOAD_PREFIX)) {
    const key = src.slice(LOCAL_UPLOAD_PREFIX.length)
    return isValidStorageKey(key) && SERVER_KEY_ROOTS.some((root) => key.startsWith(root)) ? key : undefined
  }
  return /^https?:/i.test(src) ? storage.keyFromUrl(src) : undefined
}

/** The stored path of an upload: the same on every host and behind every store. */
export function uploadImagePath(key: string): string {
  return `${LOCAL_UPLOAD_PREFIX}${key}`
}

/**
 * The rule of a write: one of the realtor's uploads (their account's folder, or the folder of
 * the admin saving it), stored by path; else an absolute `https:` URL of another site. Nothing
 * else is an image (`x`, `data:`, `http:`, a path of the site that is no upload, another
 * account's upload, a URL into our store that names no file).
 */
export function storedImageSource(storage: StorageDriver, uploaderFolders: ReadonlyArray<string>): (src: string) => string | undefined {
  const prefixes = uploaderFolders.map(uploadPrefix)
  return (src) => {
    const key = uploadKeyOfImage(storage, src)
    if (key !== undefined) return prefixes.some((prefix) => key.startsWith(prefix)) ? uploadImagePath(key) : undefined
    if (src.startsWith('/') || storage.isStoreUrl(src)) return undefined
    return ABSOLUTE_HTTPS.test(src) ? src : undefined
  }
}

/**
 * The rule of a read (a page, the feed, the API): our uploads at the store's address of the
 * moment, other sites' `https:` images as they are. A body stored before the write rule was
 * strict loses here what the write would now refuse.
 */
export function shownImageSource(storage: StorageDriver): (src: string) => string | undefined {
  return (src) => {
    const key = uploadKeyOfImage(storage, src)
    if (key !== undefined) return storage.publicUrl(key)
    if (src.startsWith('/') || storage.isStoreUrl(src)) return undefined
    return ABSOLUTE_HTTPS.test(src) ? src : undefined
  }
}
