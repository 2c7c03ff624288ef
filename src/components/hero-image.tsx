/**
 * A page's largest image, the one its first paint waits for (Largest Contentful Paint): fetched
 * before other images and decoded off the main thread, with its size given so nothing moves
 * when it arrives. Decorative (`alt=""`): the page's heading says what it shows. With `srcSet`
 * and `sizes` (the photo's width variants, src/lib/photo-variants.ts) React's preload of it names
 * them too, so a phone fetches the 640 px WebP rather than the full-size original.
 */
export function HeroImage({
  src,
  srcSet,
  sizes,
  width,
  height,
  className,
}: {
  src: string
  srcSet?: string
  sizes: string
  width: number
  height: number
  className: string
}) {
  return (
    <img
      src={src}
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
