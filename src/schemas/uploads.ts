import { z } from 'zod'
import { photoPathSchema, UPLOAD_CONTENT_TYPES } from './photo'

/*
 * Spec §7 `POST /realtor/presigned-multi-file-upload`, for the REST API and the editor's
 * server function alike.
 */

const requestedFileSchema = z.object({
  path: photoPathSchema,
  contentType: z.string().trim().toLowerCase(),
  size: z.number().int().nonnegative().optional(),
  name: z.string().max(255).optional(),
})

/** Spec §7: the body is the photo list, either bare or as `{ files: [...] }`. */
export const presignRequestSchema = z.union([
  z.object({ files: z.array(requestedFileSchema).min(1).max(20) }),
  z
    .array(requestedFileSchema)
    .min(1)
    .max(20)
    .transform((files) => ({ files })),
])
export type PresignRequest = z.input<typeof presignRequestSchema>

export const presignedItemSchema = z.object({
  path: photoPathSchema,
  imageType: z.literal('fullsize'),
  contentType: z.enum(UPLOAD_CONTENT_TYPES),
  key: z.string(),
  uploadUrl: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  /**
   * Headers the PUT to uploadUrl must carry, with these exact values: its signature covers them.
   * `content-type` always; on S3 also `if-none-match: *`, which makes an upload URL work once.
   */
  headers: z.record(z.string(), z.string()).meta({
    description: 'Send the PUT with every one of these headers and values: the upload URL is signed over them',
  }),
})
export type PresignedItem = z.infer<typeof presignedItemSchema>

/** One upload target per requested file, in the order asked. */
export const presignResponseSchema = z.array(presignedItemSchema)
