import { useLingui } from '@lingui/react/macro'
import { checkFile, formatFileSize, MAX_UPLOAD_BYTES } from '~/features/photos/photo-list'
import { presignFiles } from '~/features/photos/presign'
import { putFile, readFileHead } from '~/features/photos/upload-transport'
import type { Lang } from '~/lib/lang'
import type { UploadedImage } from './rich-text-editor'

/**
 * A post's photos (the cover and those in the text) through the homepage's upload flow: the
 * bytes checked in the browser, a presigned URL, the PUT, the server's checks. They are stored as
 * gallery photos so that each gets the same WebP thumbnail (`….thumb.webp`) the post cards show.
 */
export function usePostPhotoUpload(lang: Lang): (file: File) => Promise<UploadedImage> {
  const { t, i18n } = useLingui()
  const failed = t`The photo could not be uploaded. Check your connection and try again.`
  return async (file) => {
    const name = file.name
    const head = await readFileHead(file)
    if (!head) return { ok: false, message: t`“${name}” could not be read. Please choose it again.` }
    const check = checkFile(file, head)
    if (!check.ok) {
      const size = formatFileSize(file.size, lang)
      const limit = formatFileSize(MAX_UPLOAD_BYTES, lang)
      switch (check.reason) {
        case 'too-large':
          return { ok: false, message: t`“${name}” is ${size}; a photo can be at most ${limit}.` }
        case 'empty':
          return { ok: false, message: t`“${name}” is empty.` }
        case 'not-an-image':
          return { ok: false, message: t`“${name}” is not a JPEG, PNG, WebP or AVIF image.` }
      }
    }
    const presigned = await presignFiles([{ path: 'gallery', contentType: check.contentType, size: file.size }])
    const target = presigned.ok ? presigned.targets[0] : undefined
    if (!target) return { ok: false, message: !presigned.ok && presigned.error ? i18n._(presigned.error.message) : failed }
    const put = await putFile({
      uploadUrl: target.uploadUrl,
      headers: target.headers,
      file,
      lang,
      signal: new AbortController().signal,
      onProgress: () => undefined,
    })
    if (put.kind === 'stored') return { ok: true, url: target.url }
    if (put.kind === 'refused' && put.message) return { ok: false, message: put.message }
    return { ok: false, message: failed }
  }
}
