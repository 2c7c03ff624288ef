import { presignPhotoUploads } from '~/functions/realtor.functions'
import type { Lang } from '~/lib/lang'
import type { PhotoPath, UploadContentType } from '~/schemas/photo'

/** Where to PUT a file, the headers its signature covers, and the URL a save stores. */
export type UploadTarget = { uploadUrl: string; headers: Readonly<Record<string, string>>; url: string }

export type PresignResult = { ok: true; targets: Array<UploadTarget> } | { ok: false; message?: string }

/**
 * Spec §7 presign, one call for a batch: an upload URL per file, in the order asked. The
 * server's refusal (signed out, too large, wrong type) comes back translated and is shown
 * as is; a failure without a message (offline, a crash) is left to the caller to word.
 */
export async function presignFiles(
  lang: Lang,
  files: ReadonlyArray<{ path: PhotoPath; contentType: UploadContentType; size: number }>,
): Promise<PresignResult> {
  try {
    const result = await presignPhotoUploads({ data: { lang, files: files.map(({ path, contentType, size }) => ({ path, contentType, size })) } })
    if (!result.ok) return { ok: false, message: result.error.message }
    // Targets are matched to files by position; a short or long answer cannot be matched.
    if (result.data.length !== files.length) return { ok: false }
    return { ok: true, targets: result.data.map(({ uploadUrl, headers, url }) => ({ uploadUrl, headers, url })) }
  } catch {
    return { ok: false }
  }
}
