import type { PhotoPath } from '~/schemas/photo'
import type { PublicRealtor } from '~/schemas/realtor'

type RealtorPhoto = PublicRealtor['photos'][number]

export function firstPhoto(realtor: Pick<PublicRealtor, 'photos'>, path: PhotoPath): RealtorPhoto | undefined {
  return realtor.photos.find((photo) => photo.path === path && photo.imageType === 'fullsize')
}

export type GalleryItem = { full: string; thumbnail: string }

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
      return { full: photo.url, thumbnail: thumbnails.has(thumbnail) ? thumbnail : photo.url }
    })
}
