import { z } from 'zod'
import { UPLOAD_CONTENT_TYPES } from '~/lib/image-type'

/** Spec §3 photo paths and image types. */
export const PHOTO_PATHS = ['logo', 'logo2', 'id', 'id2', 'top', 'gallery', 'favicon', 'ogImage'] as const
export const photoPathSchema = z.enum(PHOTO_PATHS)
export type PhotoPath = z.infer<typeof photoPathSchema>

export const IMAGE_TYPES = ['thumbnail', 'fullsize'] as const
export const imageTypeSchema = z.enum(IMAGE_TYPES)
export type ImageType = z.infer<typeof imageTypeSchema>

/** Content types the upload accepts; recognised by the bytes on the server, not the name. */
export { UPLOAD_CONTENT_TYPES }
export const uploadContentTypeSchema = z.enum(UPLOAD_CONTENT_TYPES)
export type UploadContentType = z.infer<typeof uploadContentTypeSchema>

export const photoSchema = z.object({
  path: photoPathSchema,
  imageType: imageTypeSchema.default('fullsize'),
  url: z.string().trim().min(1).max(2048),
})
export type Photo = z.infer<typeof photoSchema>

/** Photos grouped by path, every path present (spec §4: missing groups are created empty). */
export type PhotoGroups = Record<PhotoPath, Array<Photo>>

export function groupPhotos(photos: ReadonlyArray<Photo> | null | undefined): PhotoGroups {
  const groups: PhotoGroups = { logo: [], logo2: [], id: [], id2: [], top: [], gallery: [], favicon: [], ogImage: [] }
  for (const photo of photos ?? []) groups[photo.path].push(photo)
  return groups
}
