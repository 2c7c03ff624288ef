import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { readFile as readFileWithCallback } from 'node:fs'
import { lstat, mkdir, open, opendir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { LRUCache } from 'lru-cache'
import { uploadContentTypeSchema, type UploadContentType } from '~/schemas/photo'
import { plainHttpUrl } from '~/lib/plain-http-url'
import {
  INSPECT_BYTES,
  PRESIGN_TTL_SECONDS,
  assertValidMaxBytes,
  trimTrailingSlashes,
  type PresignedUpload,
  type StorageDriver,
  type StoredObject,
} from './storage-driver'
import { LOCAL_META_SUFFIX, SERVER_KEY_ROOTS, assertValidStorageFolder, assertValidStorageKey, isValidStorageKey } from './storage-keys'

/**
 * Local-disk driver: `{dir}/{key}` holds the bytes and `{dir}/{key}.meta.json` the content type.
 * A sidecar rather than the extension, because `put` takes any content type (seed data,
 * thumbnails) and the type a file was accepted with should be the type it is served with.
 * Files without a sidecar (copied in by hand) fall back to their extension.
 */
export type LocalStorageConfig = { dir: string; publicBaseUrl: string; signingSecret: string }

export const LOCAL_UPLOAD_PREFIX = '/uploads/'

/**
 * A whole file in one read (decision 077). `fs/promises`' readFile goes through a FileHandle, a
 * promise per step (open, stat, read, close); a photo is read on every request, and the callback
 * form costs it a fraction of that.
 */
const readWholeFile = promisify(readFileWithCallback)

type StoredMeta = { contentType: string }

const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
}

export function createLocalStorage(config: LocalStorageConfig): StorageDriver {
  if (config.signingSecret.length < 16) throw new Error('Local storage signingSecret must be at least 16 characters')
  const root = path.resolve(config.dir)
  const base = `${trimTrailingSlashes(config.publicBaseUrl)}${LOCAL_UPLOAD_PREFIX}`
  // The type a key's file is served with, so that a photo asked again costs one read, not two
  // (decision 077). A key names one upload, whose type never changes; the bytes are still read
  // every time, so a deleted file is gone at once. 10,000 types are well under a megabyte.
  const knownTypes = new LRUCache<string, string>({ max: 10_000 })

  // The pattern check already forbids traversal; resolving and comparing is the second lock
  // in case the pattern is ever loosened.
  function fileFor(key: string): string {
    assertValidStorageKey(key)
    const file = path.resolve(root, key)
    if (!file.startsWith(root + path.sep)) throw new Error(`Storage key escapes the storage folder: ${key}`)
    return file
  }

  // Write-then-rename so a concurrent GET never sees a half-written file.
  async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true })
    const temp = `${file}.${randomUUID()}.tmp`
    try {
      await writeFile(temp, data)
      await rename(temp, file)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
  }

  return {
    kind: 'local',
    browserOrigins: [new URL(base).origin],

    // async: a refused key rejects, as S3's presignPut does, rather than throwing.
    // eslint-disable-next-line @typescript-eslint/require-await
    async presignPut({ key, contentType, maxBytes }): Promise<PresignedUpload> {
      assertValidStorageKey(key)
      assertValidMaxBytes(maxBytes)
      const expires = Math.floor(Date.now() / 1000) + PRESIGN_TTL_SECONDS
      const query = new URLSearchParams({
        expires: String(expires),
        ct: contentType,
        max: String(maxBytes),
        sig: signUpload(key, expires, contentType, maxBytes, config.signingSecret),
      })
      const url = `${base}${key}`
      return {
        key,
        uploadUrl: `${url}?${query.toString()}`,
        url,
        contentType,
        expiresAt: new Date(expires * 1000).toISOString(),
        // No condition header: this endpoint refuses a second PUT itself (accept-upload.ts).
        headers: { 'content-type': contentType },
      }
    },

    async put(key, bytes, contentType) {
      const file = fileFor(key)
      const meta: StoredMeta = { contentType }
      // Sidecar first: a reader that finds the bytes also finds their type.
      await writeAtomically(`${file}${LOCAL_META_SUFFIX}`, JSON.stringify(meta))
      await writeAtomically(file, bytes)
      knownTypes.set(key, contentType)
    },

    async get(key) {
      if (!isValidStorageKey(key)) return undefined
      const file = fileFor(key)
      let bytes: Uint8Array
      try {
        bytes = new Uint8Array(await readWholeFile(file))
      } catch (error) {
        if (isMissingFileError(error)) return undefined
        throw error
      }
      let contentType = knownTypes.get(key)
      if (contentType === undefined) {
        contentType = (await readMeta(`${file}${LOCAL_META_SUFFIX}`)) ?? contentTypeFromExtension(file)
        knownTypes.set(key, contentType)
      }
      return { bytes, contentType }
    },

    async inspect(key) {
      if (!isValidStorageKey(key)) return undefined
      let handle
      try {
        handle = await open(fileFor(key), 'r')
      } catch (error) {
        if (isMissingFileError(error)) return undefined
        throw error
      }
      try {
        const { size } = await handle.stat()
        const head = new Uint8Array(Math.min(size, INSPECT_BYTES))
        const { bytesRead } = await handle.read(head, 0, head.byteLength, 0)
        return { size, head: head.subarray(0, bytesRead) }
      } finally {
        await handle.close()
      }
    },

    async delete(keys) {
      // Nothing can be stored under an invalid key, so there is nothing to delete for one.
      const valid = keys.filter(isValidStorageKey)
      for (const key of valid) knownTypes.delete(key)
      const files = valid.map(fileFor)
      await Promise.all(files.flatMap((file) => [rm(file, { force: true }), rm(`${file}${LOCAL_META_SUFFIX}`, { force: true })]))
    },

    async *list(prefix) {
      assertValidStorageFolder(prefix)
      yield* walk(fileFor(prefix.slice(0, -1)), prefix)
    },

    publicUrl(key) {
      assertValidStorageKey(key)
      return `${base}${key}`
    },

    isStoreUrl(url) {
      return url.startsWith(base) || keyUnderAnyOrigin(url) !== undefined
    },

    keyFromUrl(url) {
      if (!url.startsWith(base)) return keyUnderAnyOrigin(url)
      const key = url.slice(base.length)
      return isValidStorageKey(key) ? key : undefined
    },
  }
}

/**
 * The key of an upload URL under another origin than today's PUBLIC_URL: one a client read
 * before the site moved (issue 32), or that setup wrote under the default. Only keys in the
 * server's own folders count, so another site's `/uploads/…` photo is not mistaken for ours.
 */
function keyUnderAnyOrigin(url: string): string | undefined {
  const parsed = plainHttpUrl(url)
  if (!parsed || !parsed.pathname.startsWith(LOCAL_UPLOAD_PREFIX)) return undefined
  const key = parsed.pathname.slice(LOCAL_UPLOAD_PREFIX.length)
  return isValidStorageKey(key) && SERVER_KEY_ROOTS.some((root) => key.startsWith(root)) ? key : undefined
}

function signUpload(key: string, expires: number, contentType: string, maxBytes: number, secret: string): string {
  return createHmac('sha256', secret).update(`PUT\n${key}\n${expires}\n${contentType}\n${maxBytes}`).digest('hex')
}

export type UploadSignatureCheck =
  { ok: true; contentType: UploadContentType; maxBytes: number } | { ok: false; reason: 'expired' | 'bad-signature' | 'malformed' }

const DECIMAL = /^[0-9]{1,15}$/
const HEX_SHA256 = /^[0-9a-f]{64}$/

/** Checks an upload URL's query made by the local driver's presignPut. */
export function verifyUploadSignature(key: string, searchParams: URLSearchParams, secret: string, now: Date): UploadSignatureCheck {
  const expiresParam = searchParams.get('expires')
  const maxParam = searchParams.get('max')
  const signature = searchParams.get('sig')
  const contentType = uploadContentTypeSchema.safeParse(searchParams.get('ct'))
  if (
    expiresParam === null ||
    maxParam === null ||
    signature === null ||
    !DECIMAL.test(expiresParam) ||
    !DECIMAL.test(maxParam) ||
    !HEX_SHA256.test(signature) ||
    !contentType.success
  ) {
    return { ok: false, reason: 'malformed' }
  }
  const expires = Number(expiresParam)
  const maxBytes = Number(maxParam)
  const expected = Buffer.from(signUpload(key, expires, contentType.data, maxBytes, secret), 'hex')
  // Signature before expiry: a forged URL learns nothing from the answer, not even that it expired.
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'bad-signature' }
  if (now.getTime() > expires * 1000) return { ok: false, reason: 'expired' }
  return { ok: true, contentType: contentType.data, maxBytes }
}

/**
 * The objects under a folder, depth first, one directory open at a time. Content-type sidecars
 * belong to their object and are not objects themselves; anything but a regular file (a symlink
 * someone put there) is not ours to report or delete.
 */
async function* walk(folder: string, keyPrefix: string): AsyncGenerator<StoredObject> {
  let directory
  try {
    directory = await opendir(folder)
  } catch (error) {
    if (isMissingFileError(error)) return
    throw error
  }
  for await (const entry of directory) {
    const key = `${keyPrefix}${entry.name}`
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      yield* walk(file, `${key}/`)
    } else if (entry.isFile() && !entry.name.endsWith(LOCAL_META_SUFFIX) && isValidStorageKey(key)) {
      let stats
      try {
        stats = await lstat(file)
      } catch (error) {
        // Deleted between the listing and the stat (a realtor removed the photo): nothing to report.
        if (isMissingFileError(error)) continue
        throw error
      }
      yield { key, lastModified: stats.mtime }
    }
  }
}

async function readMeta(file: string): Promise<string | undefined> {
  let text: string
  try {
    text = await readWholeFile(file, 'utf8')
  } catch (error) {
    if (isMissingFileError(error)) return undefined
    throw error
  }
  const parsed: unknown = JSON.parse(text)
  return isStoredMeta(parsed) ? parsed.contentType : undefined
}

function isStoredMeta(value: unknown): value is StoredMeta {
  return typeof value === 'object' && value !== null && 'contentType' in value && typeof value.contentType === 'string'
}

function contentTypeFromExtension(file: string): string {
  return CONTENT_TYPE_BY_EXTENSION[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

function isMissingFileError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')
}
