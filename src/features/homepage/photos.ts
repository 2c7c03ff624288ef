import { photoSrcSet } from '~/lib/photo-variants'
import type { PhotoPath } from '~/schemas/photo'
import type { PublicRealtor } from '~/schemas/realtor'

type RealtorPhoto = PublicRealtor['photos'][number]

export function firstPhoto(realtor: Pick<PublicRealtor, 'photos'>, path: PhotoPath): RealtorPhoto | undefined {
  return realtor.photos.find((photo) => photo.path === path && photo.imageType === 'fullsize')
}

/** `srcSet`: the photo's width variants (and its thumbnail at 480w) once they exist, else none. */
export type GalleryItem = { full: string; thumbnail: string; srcSet?: string }

/** The gallery thumbnail's width (image-check.ts DEFAULT_THUMBNAIL_WIDTH), a srcset candidate of its own. */
const THUMBNAIL_WIDTH = 480

/**
 * Gallery photos with their thumbnails: a `thumbnail` entry pairs with the fullsize photo
 * whose URL it extends (`….jpg.thumb.webp`); without one the full photo serves as both.
 */
export function galleryItems(realtor: Pick<PublicRealtor, 'photos'>): Array<GalleryItem> {
  const thumbnails = new Set(realtor.photos.filter((photo) => photo.path === 'gallery' && photo.imageType === 'thumbnail').map((photo) => photo.url))
  return realtor.photos
    .filter((photo) => photo.path === 'gallery' && photo.imageType === 'fullsize')
    .map((photo) => {
      const thumbnail = `${photo.url}.thumb.webp`
      const hasThumbnail = thumbnails.has(thumbnail)
      const srcSet = photoSrcSet(photo.url, photo.widths, hasThumbnail ? { url: thumbnail, width: THUMBNAIL_WIDTH } : undefined)
      const item = { full: photo.url, thumbnail: hasThumbnail ? thumbnail : photo.url }
      return srcSet ? { ...item, srcSet } : item
    })
}
