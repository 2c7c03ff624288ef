import { loadCatalog } from '~/i18n/i18n'
import { msg } from '@lingui/core/macro'
import type { AppServices } from '~/server/services'
import { acceptLocalUpload, type AcceptUploadErrorCode } from '~/server/uploads/accept-upload'
import { LOCAL_UPLOAD_PREFIX } from '~/server/uploads/local-storage'
import { recordPhotoVariants } from '~/server/uploads/photo-variants'
import { AppError, errors } from '~/server/app-error'
import type { StoredFile } from '~/server/uploads/storage-driver'
import { apiLang, errorResponse, json, readLimited } from '~/server/web/responses'

const uploadErrors: Record<AcceptUploadErrorCode, () => AppError> = {
  'invalid-key': () => errors.notFound(),
  'upload-url-malformed': () => new AppError('BAD_REQUEST', msg`This upload link is not valid`),
  'upload-url-expired': () => new AppError('FORBIDDEN', msg`This upload link has expired. Please try again`),
  'upload-signature-invalid': () => new AppError('FORBIDDEN', msg`This upload link is not valid`),
  'empty-body': () => new AppError('BAD_REQUEST', msg`The file is empty`),
  'too-large': () => errors.tooLarge(),
  'content-type-mismatch': () => errors.unsupportedMediaType(),
  'content-not-allowed-image': () => errors.unsupportedMediaType(),
  'image-undecodable': () => errors.unsupportedMediaType(),
  'upload-url-used': () => new AppError('CONFLICT', msg`This upload link has already been used. Please upload the photo again`),
}

/**
 * The local-disk driver's upload endpoint: `PUT /uploads/{key}?<signed query>` stores the
 * bytes (spec §7: 200 means accepted), `GET /uploads/{key}` serves them.
 */
export async function handleUploadRequest(request: Request, services: AppServices): Promise<Response> {
  const lang = apiLang(request)
  await loadCatalog(lang)
  const url = new URL(request.url)
  let key: string
  try {
    key = decodeURIComponent(url.pathname.slice(LOCAL_UPLOAD_PREFIX.length))
  } catch {
    // A malformed escape (`%E0%A4%A`) can name no stored file.
    return errorResponse(errors.notFound(), lang)
  }
  if (services.storage.kind !== 'local') return errorResponse(errors.notFound(), lang)
  if (request.method === 'PUT') {
    // Limited while it streams, chunked or not: nothing past the limit plus a chunk is held.
    const body = await readLimited(request, services.config.uploadMaxBytes, errors.tooLarge).catch((error: unknown) => error)
    if (!(body instanceof Uint8Array)) return errorResponse(body, lang)
    const result = await acceptLocalUpload({
      storage: services.storage,
      key,
      searchParams: url.searchParams,
      contentTypeHeader: request.headers.get('content-type'),
      body,
      secret: services.config.signingSecret,
      now: services.now(),
      recordVariants: (key, widths) => recordPhotoVariants(services, key, widths),
    })
    if (!result.ok) return errorResponse(uploadErrors[result.code](), lang)
    return json({ url: result.url, ...(result.thumbnailUrl ? { thumbnailUrl: result.thumbnailUrl } : {}) })
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    const file = await services.storage.get(key).catch(() => undefined)
    if (!file) return errorResponse(errors.notFound(), lang)
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.bytes), { status: 200, headers: storedFileHeaders(file) })
  }
  return errorResponse(errors.methodNotAllowed(), lang, { allow: 'GET, HEAD, PUT' })
}

/** The headers of a stored file's 200, here and where Node's own request answers it (node-front.ts). */
export function storedFileHeaders(file: StoredFile): Record<string, string> {
  return {
    'content-type': file.contentType,
    'content-length': String(file.bytes.byteLength),
    // Keys are unique per upload, so a stored file never changes.
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  }
}
