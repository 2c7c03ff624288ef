import { presignPhotoUploads } from '~/functions/realtor.functions'
import { isServerError } from '~/lib/errors'
import type { ErrorBody } from '~/lib/errors'
import type { PhotoPath, UploadContentType } from '~/schemas/photo'

/** Where to PUT a file, the headers its signature covers, and the URL a save stores. */
export type UploadTarget = { uploadUrl: string; headers: Readonly<Record<string, string>>; url: string }

export type PresignResult = { ok: true; targets: Array<UploadTarget> } | { ok: false; error?: ErrorBody }

/**
 * Spec §7 presign, one call for a batch: an upload URL per file, in the order asked. The
 * server's refusal (signed out, too large, wrong type) comes back as the error body, which
 * the caller translates; a failure without one (offline) is left to the caller to word.
 */
export async function presignFiles(files: ReadonlyArray<{ path: PhotoPath; contentType: UploadContentType; size: number }>): Promise<PresignResult> {
  try {
    const items = await presignPhotoUploads({ data: { files: files.map(({ path, contentType, size }) => ({ path, contentType, size })) } })
    // Targets are matched to files by position; a short or long answer cannot be matched.
    if (items.length !== files.length) return { ok: false }
    return { ok: true, targets: items.map(({ uploadUrl, headers, url }) => ({ uploadUrl, headers, url })) }
  } catch (error) {
    return isServerError(error) ? { ok: false, error: error.body } : { ok: false }
  }
}
