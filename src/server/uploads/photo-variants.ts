import { formatVariantWidths, parseVariantWidths, PHOTO_VARIANT_WIDTHS, variantKeyFor, variantWidthsFor } from '~/lib/photo-variants'
import type { AppServices } from '~/server/services'
import { thumbnailKeyFor, UPLOADS_ROOT_PREFIX } from './storage'
import { isValidStorageKey } from './storage-keys'

/*
 * Width variants of stored photos (issue 31 item 3, decision 050): WebP copies at 640, 1024 and
 * 1600 px (never wider than the original) next to the original, which stays as the JPEG or PNG
 * fallback. They are made where the server first holds the bytes: the local driver's PUT, or, on
 * S3 where the browser uploads straight to the bucket, the save that adds the photo to a page.
 * A `photo_variant` row says which exist; it is written only once every file is in the store, so
 * a page never names a variant that is missing.
 */

export type PhotoVariantServices = Pick<AppServices, 'db' | 'storage' | 'now'>

export type RenderedVariant = { key: string; width: number; bytes: Uint8Array }

/** Same bound as the thumbnail's (image-check.ts): refuses decompression bombs, allows 100 MP photos. */
const MAX_INPUT_PIXELS = 100_000_000
/** WebP at 80 is where the thumbnails already are; measured in decision 050. */
const WEBP_QUALITY = 80

/**
 * Keys whose photos a page shows in an `<img>`: every upload but the favicon and the sharing
 * image, which only a browser tab or a crawler reads, each at one size of its own.
 */
export function wantsVariants(key: string): boolean {
  return key.startsWith(UPLOADS_ROOT_PREFIX) && !/\/(favicon|ogImage)\//.test(key)
}

/**
 * The variants of one original, encoded in memory (nothing is stored). Throws when the bytes do
 * not decode. `rotate()` applies the EXIF orientation and the metadata (GPS included) is dropped.
 */
export async function renderPhotoVariants(key: string, bytes: Uint8Array): Promise<Array<RenderedVariant>> {
  // Loaded on first use: libvips is ~13 MB of every worker's memory otherwise (issue 12).
  const { default: sharp } = await import('sharp')
  const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  // The width as shown, after the EXIF rotation a portrait phone photo carries.
  const variants: Array<RenderedVariant> = []
  // One at a time: sharp runs one libvips thread here (decision 050), and a request holds at most
  // one decoded photo in memory.
  for (const width of variantWidthsFor(metadata.autoOrient.width)) {
    const output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer()
    variants.push({ key: variantKeyFor(key, width), width, bytes: new Uint8Array(output.buffer, output.byteOffset, output.byteLength) })
  }
  return variants
}

/**
 * Stores rendered variants and then the row that names them. All or nothing: a failed write
 * removes the variants already written (never the original) and rethrows, so no page names a
 * half set and no file outlives its record.
 */
export async function storePhotoVariants(services: PhotoVariantServices, key: string, variants: ReadonlyArray<RenderedVariant>): Promise<Array<number>> {
  const widths = variants.map((variant) => variant.width)
  try {
    for (const variant of variants) await services.storage.put(variant.key, variant.bytes, 'image/webp')
    await recordPhotoVariants(services, key, widths)
  } catch (error) {
    await services.storage.delete(variants.map((variant) => variant.key)).catch(() => undefined)
    throw error
  }
  return widths
}

/** Writes (or rewrites) the row naming an original's variants. */
export async function recordPhotoVariants(services: Pick<AppServices, 'db' | 'now'>, key: string, widths: ReadonlyArray<number>): Promise<void> {
  const row = { widths: formatVariantWidths(widths), createdAt: services.now().toISOString() }
  await services.db
    .insertInto('photoVariant')
    .values({ key, ...row })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(row))
    .execute()
}

/** The recorded widths of each of these originals that has variants. */
export async function recordedVariantWidths(db: AppServices['db'], keys: Iterable<string>): Promise<Map<string, Array<number>>> {
  const unique = [...new Set(keys)]
  const widths = new Map<string, Array<number>>()
  // In slices: SQLite caps a statement's parameters.
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom('photoVariant')
      .select(['key', 'widths'])
      .where('key', 'in', unique.slice(start, start + 500))
      .execute()
    for (const row of rows) widths.set(row.key, parseVariantWidths(row.widths))
  }
  return widths
}

/** Drops the rows of originals whose files are gone or going. */
export async function forgetPhotoVariants(db: AppServices['db'], keys: Iterable<string>): Promise<void> {
  const unique = [...new Set(keys)]
  for (let start = 0; start < unique.length; start += 500) {
    await db
      .deleteFrom('photoVariant')
      .where('key', 'in', unique.slice(start, start + 500))
      .execute()
  }
}

/**
 * Every file derived from an original that may exist: its gallery thumbnail and its width
 * variants, the recorded ones and the standard widths (a set whose row was never written, its
 * writer cut off mid-way, is removed too). Deleting a key that holds nothing is no error.
 */
export function derivedKeysOf(key: string, recordedWidths: ReadonlyArray<number> = []): Array<string> {
  const widths = new Set([...PHOTO_VARIANT_WIDTHS, ...recordedWidths])
  return [thumbnailKeyFor(key), ...[...widths].map((width) => variantKeyFor(key, width))].filter(isValidStorageKey)
}

/** The originals given, with every file derived from them: what deleting a photo deletes. */
export async function withDerivedKeys(db: AppServices['db'], originals: Iterable<string>): Promise<Array<string>> {
  const keys = [...new Set(originals)]
  const recorded = await recordedVariantWidths(db, keys)
  return [...new Set([...keys, ...keys.flatMap((key) => derivedKeysOf(key, recorded.get(key)))])]
}

export type EnsureVariantsResult = {
  /** Originals that got their variants now. */
  made: Array<{ key: string; widths: Array<number> }>
  /** Originals that had them already (or take none: the favicon, the sharing image). */
  skipped: Array<string>
  /** Originals missing from the store or that do not decode; left as they are. */
  failed: Array<{ key: string; reason: string }>
}

/**
 * Makes the variants of the originals that have none yet: reads each once from the store, renders,
 * stores. What a save on S3 runs for the photos it adds, and the one-off command for photos stored
 * before variants existed. Idempotent, and a failure only leaves that photo without variants (its
 * page shows the original as before); the original itself is never written or removed here.
 */
export async function ensurePhotoVariants(services: PhotoVariantServices, keys: Iterable<string>): Promise<EnsureVariantsResult> {
  const candidates = [...new Set(keys)]
  const recorded = await recordedVariantWidths(services.db, candidates)
  const result: EnsureVariantsResult = { made: [], skipped: [], failed: [] }
  for (const key of candidates) {
    if (recorded.has(key) || !wantsVariants(key) || !isValidStorageKey(key)) {
      result.skipped.push(key)
      continue
    }
    try {
      const original = await services.storage.get(key)
      if (!original) {
        result.failed.push({ key, reason: 'missing' })
        continue
      }
      const widths = await storePhotoVariants(services, key, await renderPhotoVariants(key, original.bytes))
      result.made.push({ key, widths })
    } catch (error) {
      result.failed.push({ key, reason: error instanceof Error ? error.message : String(error) })
    }
  }
  return result
}
