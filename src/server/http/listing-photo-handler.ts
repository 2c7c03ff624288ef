import { loadCatalog } from '~/i18n/i18n'
import { variantOriginalOf, variantWidthOf } from '~/lib/photo-variants'
import { errors } from '~/server/app-error'
import { LISTING_PHOTO_PATH, listingPhotoVariant } from '~/server/listings/listing-photos'
import type { AppServices } from '~/server/services'
import { apiLang, errorResponse } from '~/server/web/responses'

/**
 * `GET /listing-photos/{hash}.w{width}.webp` (decision 064): a feed photo's WebP copy at a width,
 * made on the first request and kept; when it cannot be made, a redirect to the feed's own URL.
 */
export async function handleListingPhotoRequest(request: Request, services: AppServices): Promise<Response> {
  const lang = apiLang(request)
  await loadCatalog(lang)
  if (request.method !== 'GET' && request.method !== 'HEAD') return errorResponse(errors.methodNotAllowed(), lang, { allow: 'GET, HEAD' })
  const name = new URL(request.url).pathname.slice(LISTING_PHOTO_PATH.length)
  const hash = variantOriginalOf(name)
  const width = variantWidthOf(name)
  if (hash === undefined || width === undefined) return errorResponse(errors.notFound(), lang)
  const answer = await listingPhotoVariant(services, hash, width)
  switch (answer.kind) {
    case 'not-found':
      return errorResponse(errors.notFound(), lang)
    case 'original':
      // Not cached for long: the next try may make the copies (decision 064).
      return new Response(null, { status: 302, headers: { location: answer.url, 'cache-control': 'public, max-age=300' } })
    case 'photo':
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(answer.bytes), {
        status: 200,
        headers: {
          'content-type': answer.contentType,
          'content-length': String(answer.bytes.byteLength),
          // A hash names one feed URL, whose photo is made once: the copy never changes.
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        },
      })
  }
}
