import { UPLOAD_CONTENT_TYPES } from '~/schemas/photo'
import { presignRequestSchema, type PresignedItem } from '~/schemas/uploads'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { enforceRateLimit } from '~/server/web/rate-limit'
import type { AppServices } from '~/server/services'
import { uploadFolderOf, uploadKey } from './storage'

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
        key: uploadKey({ ownerId: uploadFolderOf(services.config.signingSecret, actor.userId), path, contentType }),
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
