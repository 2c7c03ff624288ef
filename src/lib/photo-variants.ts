/*
 * A stored photo's width variants (issue 31 item 3, decision 050): smaller WebP copies next to
 * the original, named from its key, `{key}.w640.webp`. Isomorphic: the server names the files it
 * writes with these rules and the pages name the URLs they show with the same rules, from the
 * widths the photo's data says were made (never guessed: a photo stored before variants existed
 * has none until `scripts/photo-variants.ts` makes them).
 */

/** The widths made for a photo, smallest first: a phone, a tablet or small laptop, a wide screen. */
export const PHOTO_VARIANT_WIDTHS: ReadonlyArray<number> = [640, 1024, 1600]

const VARIANT_SUFFIX = /\.w([1-9][0-9]{0,4})\.webp$/

/** `{key}.w640.webp`: the variant of a key (or of its URL, which ends in the key) at a width. */
export function variantKeyFor(key: string, width: number): string {
  return `${key}.w${width}.webp`
}

/** The width a variant key names, or undefined for any other key. */
export function variantWidthOf(key: string): number | undefined {
  const match = VARIANT_SUFFIX.exec(key)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

/** The original a variant key was made from, or undefined when the key is no variant. */
export function variantOriginalOf(key: string): string | undefined {
  const match = VARIANT_SUFFIX.exec(key)
  return match ? key.slice(0, match.index) : undefined
}

/**
 * The widths to make for an original `width` pixels wide (after its EXIF rotation). Never wider
 * than the original: an upscaled copy is a bigger file with nothing more in it. A photo narrower
 * than the largest width also gets a copy at its own width, so a wide screen still receives the
 * full detail (as WebP, smaller than the JPEG or PNG) rather than stopping at the next width down.
 */
export function variantWidthsFor(width: number): Array<number> {
  if (!Number.isSafeInteger(width) || width <= 0) return []
  const below = PHOTO_VARIANT_WIDTHS.filter((candidate) => candidate < width)
  const largest = PHOTO_VARIANT_WIDTHS[PHOTO_VARIANT_WIDTHS.length - 1] ?? width
  return width <= largest ? [...below, width] : below
}

/** The stored text of a widths list (`640,1024,1600`), and back; anything unreadable reads as none. */
export function formatVariantWidths(widths: ReadonlyArray<number>): string {
  return widths.join(',')
}

export function parseVariantWidths(text: string | null | undefined): Array<number> {
  if (!text) return []
  const widths = text.split(',').map(Number)
  return widths.every((width) => Number.isSafeInteger(width) && width > 0) ? widths : []
}

/**
 * An `<img srcset>` for a photo URL and the widths its data lists; undefined without widths, so a
 * photo stored before variants existed keeps its one `src`. A URL of ours ends in its key, so the
 * variant's URL is the photo's URL with the variant's suffix (both drivers: photo-address.ts).
 * `extra` adds a candidate made another way (a gallery photo's 480 px thumbnail).
 */
export function photoSrcSet(url: string, widths: ReadonlyArray<number> | undefined, extra?: { url: string; width: number }): string | undefined {
  if (!widths || widths.length === 0) return undefined
  const candidates = widths.map((width) => ({ url: variantKeyFor(url, width), width }))
  if (extra && !widths.includes(extra.width)) candidates.push(extra)
  return candidates
    .sort((a, b) => a.width - b.width)
    .map((candidate) => `${candidate.url} ${candidate.width}w`)
    .join(', ')
}

/**
 * An `<img>`'s `src`, `srcSet` and `sizes` for a photo: the original as `src` (the JPEG or PNG
 * fallback for whatever ignores srcset), the variants with the layout's `sizes` when there are any,
 * and nothing more when there are none (no `sizes` without a srcset to choose from).
 */
export function responsivePhoto(url: string, widths: ReadonlyArray<number> | undefined, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = photoSrcSet(url, widths)
  return srcSet ? { src: url, srcSet, sizes } : { src: url }
}

/**
 * An MLS listing photo's `<img>` sources (decision 064): the feed's URL as `src`, and when the
 * server offers copies of it (`imageVariants`), every standard width named from that path. Its
 * real width is known only once fetched, so a width wider than the original answers the widest
 * made; a browser still lays the photo out by `sizes`.
 */
export function listingPhotoSources(
  home: { images: ReadonlyArray<string>; imageVariants?: ReadonlyArray<string | null> | undefined },
  index: number,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } | undefined {
  const src = home.images[index]
  if (src === undefined) return undefined
  const base = home.imageVariants?.[index]
  const srcSet = base ? photoSrcSet(base, PHOTO_VARIANT_WIDTHS) : undefined
  return srcSet ? { src, srcSet, sizes } : { src }
}
