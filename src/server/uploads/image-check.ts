import { sniffImageType } from '~/lib/image-type'

export { sniffImageType }

export const DEFAULT_THUMBNAIL_WIDTH = 480
/** Refuses decompression bombs (a tiny file that decodes to gigabytes) while allowing 100 MP photos. */
const MAX_INPUT_PIXELS = 100_000_000

/**
 * A WebP thumbnail for gallery grids. `rotate()` applies the EXIF orientation before the
 * metadata (GPS included) is dropped, so phone photos are upright and carry no location.
 */
export async function makeThumbnail(bytes: Uint8Array, options?: { width?: number }): Promise<{ bytes: Uint8Array; contentType: 'image/webp' }> {
  const width = options?.width ?? DEFAULT_THUMBNAIL_WIDTH
  if (!Number.isSafeInteger(width) || width <= 0) throw new RangeError(`Thumbnail width must be a positive integer, got ${width}`)
  // Loaded on the first upload: libvips is ~13 MB of every worker's memory otherwise (issue 12).
  const { default: sharp } = await import('sharp')
  const output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
  return { bytes: new Uint8Array(output.buffer, output.byteOffset, output.byteLength), contentType: 'image/webp' }
}
