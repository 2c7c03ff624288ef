/**
 * A page's largest image, the one its first paint waits for (Largest Contentful Paint): fetched
 * before other images and decoded off the main thread, with its size given so nothing moves
 * when it arrives. Decorative (`alt=""`): the page's heading says what it shows.
 */
export function HeroImage({ src, width, height, className }: { src: string; width: number; height: number; className: string }) {
  return <img src={src} alt="" width={width} height={height} fetchPriority="high" decoding="async" className={className} />
}
