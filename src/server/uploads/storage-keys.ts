// What a storage key may be: checked by every driver and by the code that takes keys from a browser.

/** Thrown for a key that could escape its folder or was not made by the server. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`)
    this.name = 'InvalidStorageKeyError'
  }
}

const KEY_PATTERN = /^[A-Za-z0-9/_.-]+$/
const MAX_KEY_LENGTH = 512
/** The local driver keeps each object's content type in `<file>.meta.json`; a key may not shadow one. */
export const LOCAL_META_SUFFIX = '.meta.json'

/**
 * One rule for every driver, so a key accepted by S3 in production is also safe on local disk:
 * no traversal (`..`), no absolute path, no empty segment, nothing outside a small alphabet.
 */
export function isValidStorageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    KEY_PATTERN.test(key) &&
    !key.includes('..') &&
    !key.startsWith('/') &&
    !key.endsWith('/') &&
    !key.includes('//') &&
    !key.endsWith(LOCAL_META_SUFFIX)
  )
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key)
}

/** A folder to list: a valid key followed by `/`, the same rule on every driver. */
export function assertValidStorageFolder(prefix: string): void {
  if (!prefix.endsWith('/') || !isValidStorageKey(prefix.slice(0, -1))) throw new InvalidStorageKeyError(prefix)
}

/**
 * The folders of every key the server makes: accounts' uploads and the demo listings' images.
 * A URL under another origin is taken for ours only when its key starts with one of these
 * (local-storage.ts), so an outside site's `/uploads/…` photo stays that site's.
 */
export const SERVER_KEY_ROOTS: ReadonlyArray<string> = ['realtors/', 'demo/']
