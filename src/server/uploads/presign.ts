import { z } from 'zod'
import { photoPathSchema, UPLOAD_CONTENT_TYPES } from '~/schemas/photo'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { enforceRateLimit } from '~/server/http/rate-limit'
import type { AppServices } from '~/server/services'
import { uploadKey } from './storage'

const requestedFileSchema = z.object({
  path: photoPathSchema,
  contentType: z.string().trim().toLowerCase(),
  size: z.number().int().nonnegative().optional(),
  name: z.string().max(255).optional(),
})

/** Spec §7: the body is the photo list, either bare or as `{ files: [...] }`. */
export const presignRequestSchema = z.union([
  z.object({ files: z.array(requestedFileSchema).min(1).max(20) }),
  z.array(requestedFileSchema).min(1).max(20).transform((files) => ({ files })),
])

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

function isUploadContentType(value: string): value is (typeof UPLOAD_CONTENT_TYPES)[number] {
  return UPLOAD_CONTENT_TYPES.some((type) => type === value)
}

/**
 * Spec §7 `POST /realtor/presigned-multi-file-upload`: one upload URL per requested file.
 * Keys are made here, never from the client's file name; type and size are checked again
 * when the bytes arrive.
 */
export async function presignUploads(services: AppServices, actor: Actor | null, input: unknown): Promise<Array<PresignedItem>> {
  if (!actor) throw errors.unauthorized()
  // Counted here, per account, so the REST route and the editor's server function share it.
  await enforceRateLimit(services.db, 'upload', actor.userId, services.config.rateLimits.upload, services.now())
  const { files } = parseInput(presignRequestSchema, input)
  const maxBytes = services.config.uploadMaxBytes
  const checked = files.map((file) => {
    const { contentType } = file
    if (!isUploadContentType(contentType)) throw errors.unsupportedMediaType()
    if (file.size !== undefined && file.size > maxBytes) throw errors.tooLarge()
    return { path: file.path, contentType }
  })
  return Promise.all(
    checked.map(async ({ path, contentType }) => {
      const presigned = await services.storage.presignPut({
        key: uploadKey({ ownerId: actor.userId, path, contentType }),
        contentType,
        maxBytes,
      })
      return {
        path,
        imageType: 'fullsize' as const,
        contentType,
        key: presigned.key,
        uploadUrl: presigned.uploadUrl,
        url: presigned.url,
        expiresAt: presigned.expiresAt,
        headers: { ...presigned.headers },
      }
    }),
  )
}
