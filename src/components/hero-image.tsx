import { photoSrcSet } from '~/lib/photo-variants'

/**
 * A page's largest image, the one its first paint waits for (Largest Contentful Paint): fetched
 * before other images and decoded off the main thread, with its size given so nothing moves
 * when it arrives. Decorative (`alt=""`): the page's heading says what it shows. A stored photo
 * with width variants (src/lib/photo-variants.ts) gets a `srcSet`, with `sizes`, which React's
 * preload of it names too, so a phone fetches the 640 px WebP rather than the full-size original.
 */
export function HeroImage({
  photo,
  sizes,
  width,
  height,
  className,
}: {
  photo: { url: string; widths?: ReadonlyArray<number> | undefined }
  sizes: string
  width: number
  height: number
  className: string
}) {
  const srcSet = photoSrcSet(photo.url, photo.widths)
  return (
    <img
      src={photo.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt=""
      width={width}
      height={height}
      fetchPriority="high"
      decoding="async"
      className={className}
    />
  )
}
