import { createHash } from 'node:crypto'
import { PHOTO_VARIANT_WIDTHS, variantKeyFor } from '~/lib/photo-variants'
import { componentLogger } from '~/server/logging/logger'
import type { AppServices } from '~/server/services'
import { recordedVariantWidths, renderPhotoVariants, storePhotoVariants, type RenderedVariant } from '~/server/uploads/photo-variants'
import { fetchListingPhoto, isAllowedPhotoUrl, type ListingPhotoSettings } from './listing-photo-fetch'

/*
 * MLS listing photos at the width a layout needs (issue 51 item 6, decision 064). A feed names its
 * photos by URL on its own host, one large JPEG each. The pages name them instead as
 * `/listing-photos/{hash}.w{width}.webp` on our origin: the first request for any width fetches
 * the original once (listing-photo-fetch.ts), makes the same WebP widths as an upload's
 * (decision 050, `renderPhotoVariants`) and keeps them in the storage under
 * `listing-photos/{hash}.w{width}.webp` with a `photo_variant` row, so every later request (and
 * every other process) reads them from there. The hash is the SHA-256 of the photo's URL, written
 * beside it in `home_media.media_hash` at import: the route takes no URL from the request, it
 * finds the one the feed gave. Whatever fails (a refused host, a dead link, not an image) sends
 * the browser to the original URL, so the page still shows the photo.
 */

export const LISTING_PHOTO_PATH = '/listing-photos/'
export const LISTING_PHOTO_KEY_PREFIX = 'listing-photos/'
const HASH_PATTERN = /^[0-9a-f]{32}$/

/** The hash a photo URL is known by: 128 bits of its SHA-256, hex. */
export function listingPhotoHash(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 32)
}

export function isListingPhotoHash(value: string): boolean {
  return HASH_PATTERN.test(value)
}

/** The storage key the variants are named from, as an upload's key is (`{key}.w640.webp`). */
export function listingPhotoKey(hash: string): string {
  return `${LISTING_PHOTO_KEY_PREFIX}${hash}`
}

/**
 * The path a page names a listing photo's variants from (`{base}.w640.webp`), or undefined when
 * the server would not fetch it: a photo of ours, a host the settings do not list, or a row stored
 * before its hash was.
 */
export function listingPhotoBase(settings: ListingPhotoSettings, url: string, hash: string | null): string | undefined {
  if (hash === null || !isListingPhotoHash(hash) || !isAllowedPhotoUrl(settings, url)) return undefined
  return `${LISTING_PHOTO_PATH}${hash}`
}

/** The stored width to send for a requested one: the smallest as wide, else the widest (a narrow original). */
export function servedWidth(widths: ReadonlyArray<number>, requested: number): number | undefined {
  const sorted = [...widths].sort((a, b) => a - b)
  return sorted.find((width) => width >= requested) ?? sorted.at(-1)
}

export type ListingPhotoAnswer =
  | { kind: 'photo'; bytes: Uint8Array; contentType: string }
  /** Made, but not here now (another process wrote it, a read failed): the original meanwhile. */
  | { kind: 'original'; url: string }
  | { kind: 'not-found' }

type Services = Pick<AppServices, 'db' | 'storage' | 'now' | 'config'>

/** How long a photo that could not be made is not tried again by this process: a dead host costs one wait, not one per visitor. */
const RETRY_AFTER_FAILURE_MS = 10 * 60_000
const failedUntil = new Map<string, number>()
/** One making per photo at a time in this process: a page of cards asks for each photo at several widths. */
const making = new Map<string, Promise<Array<RenderedVariant> | undefined>>()
/** At most two photos decoded at once: sharp holds a whole decoded photo in memory (decision 050). */
const MAX_PARALLEL = 2
let running = 0
const waiting: Array<() => void> = []

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  try {
    return await work()
  } finally {
    running -= 1
    waiting.shift()?.()
  }
}

async function sourceUrlOf(db: AppServices['db'], hash: string): Promise<string | undefined> {
  const row = await db.selectFrom('homeMedia').select('mediaUrl').where('mediaHash', '=', hash).limit(1).executeTakeFirst()
  return row?.mediaUrl
}

async function makeVariants(services: Services, hash: string, url: string): Promise<Array<RenderedVariant> | undefined> {
  const key = listingPhotoKey(hash)
  try {
    const original = await fetchListingPhoto(url, services.config.listingPhotos)
    const variants = await renderPhotoVariants(key, original.bytes)
    if (variants.length === 0) throw new Error('no width to make')
    await storePhotoVariants(services, key, variants)
    failedUntil.delete(hash)
    return variants
  } catch (error) {
    if (failedUntil.size > 10_000) for (const [stale, until] of failedUntil) if (until <= Date.now()) failedUntil.delete(stale)
    failedUntil.set(hash, Date.now() + RETRY_AFTER_FAILURE_MS)
    componentLogger('listing-photos').warn(
      { hash, host: new URL(url).host, reason: error instanceof Error ? error.message : String(error) },
      'listing photo variants not made',
    )
    return undefined
  }
}

/**
 * `GET /listing-photos/{hash}.w{width}.webp`: the stored variant, made on the first request;
 * the original URL when it cannot be made; not found for a hash no listing photo has.
 */
export async function listingPhotoVariant(services: Services, hash: string, width: number): Promise<ListingPhotoAnswer> {
  if (!isListingPhotoHash(hash) || !PHOTO_VARIANT_WIDTHS.includes(width)) return { kind: 'not-found' }
  const key = listingPhotoKey(hash)
  const recorded = (await recordedVariantWidths(services.db, [key])).get(key)
  const storedWidth = recorded ? servedWidth(recorded, width) : undefined
  if (storedWidth !== undefined) {
    const file = await services.storage.get(variantKeyFor(key, storedWidth)).catch(() => undefined)
    if (file) return { kind: 'photo', bytes: file.bytes, contentType: file.contentType }
  }
  const url = await sourceUrlOf(services.db, hash)
  if (url === undefined) return { kind: 'not-found' }
  if (!isAllowedPhotoUrl(services.config.listingPhotos, url) || (failedUntil.get(hash) ?? 0) > Date.now()) return { kind: 'original', url }
  let pending = making.get(hash)
  if (!pending) {
    pending = limited(() => makeVariants(services, hash, url)).finally(() => making.delete(hash))
    making.set(hash, pending)
  }
  const variants = await pending
  const chosen = variants
    ? servedWidth(
        variants.map((variant) => variant.width),
        width,
      )
    : undefined
  const variant = variants?.find((candidate) => candidate.width === chosen)
  return variant ? { kind: 'photo', bytes: variant.bytes, contentType: 'image/webp' } : { kind: 'original', url }
}
