import { msg } from '@lingui/core/macro'
import { translate } from '~/i18n/i18n'
import { DEFAULT_LANG, langFromAcceptLanguage, type Lang } from '~/lib/lang'
import { translateErrorBody } from '~/lib/errors'
import { AppError, errors, isAppError, toErrorBody } from '~/server/app-error'
import { componentLogger } from '~/server/logging/logger'

/** API messages follow the caller's Accept-Language, Korean when it names neither language. */
export function apiLang(request: Request): Lang {
  return langFromAcceptLanguage(request.headers.get('accept-language')) ?? DEFAULT_LANG
}

// No Cache-Control here: the front door (src/server.ts) keeps public reads in the page store
// with their own caching headers and marks every other answer `private, no-store`.
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' }

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { ...JSON_HEADERS, ...headers } })
}

/** A body that is JSON text already (a cached page). */
export function jsonText(body: string, status = 200): Response {
  return new Response(body, { status, headers: JSON_HEADERS })
}

/**
 * A file to download. Its name is reduced to safe characters, since it travels in a header.
 * `personal`: data of the realtor or their clients, never kept by a cache or a proxy (even if
 * the front door's rule for unstored answers changed).
 */
export function attachment(
  body: BodyInit,
  file: { contentType: string; fileName: string; personal: boolean; /** Shown by the browser (a PDF) rather than saved. */ inline?: boolean },
): Response {
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'content-disposition': `${file.inline ? 'inline' : 'attachment'}; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
  }
  if (file.personal) headers['cache-control'] = 'private, no-store'
  return new Response(body, { status: 200, headers })
}

/** DESIGN §5: `{ message, code, fieldErrors? }`, translated by Accept-Language, never an HTML page. */
export function errorResponse(error: unknown, lang: Lang, extraHeaders: Record<string, string> = {}): Response {
  const appError: AppError = isAppError(error) ? error : errors.internal(error)
  if (appError.status >= 500) componentLogger('api').error({ err: appError.cause ?? appError }, 'unexpected error')
  // The message follows Accept-Language: a shared cache must not give one reader's language to another.
  const headers: Record<string, string> = { ...extraHeaders, 'content-language': lang, vary: 'Accept-Language' }
  if (appError.retryAfterSeconds !== undefined) headers['retry-after'] = String(appError.retryAfterSeconds)
  return json(
    translateErrorBody(toErrorBody(appError), (id, values) => translate(lang, id, values)),
    appError.status,
    headers,
  )
}

const MAX_JSON_BYTES = 1024 * 1024

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE')
}

/** `application/json` or a `+json` type such as `application/merge-patch+json`, any parameters. */
function isJsonMediaType(contentType: string): boolean {
  const essence = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? ''
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'))
}

/**
 * The body's bytes, refused with a 413 as soon as they pass `limit`, whether the length was
 * declared or the body comes chunked (issue 17: 200 MB posted chunked were read whole before
 * the limit applied). Nothing past the limit plus one chunk is ever held.
 */
export async function readLimited(request: Request, limit: number, refusal: () => AppError = tooLarge): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw refusal()
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Array<Uint8Array> = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw refusal()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * Reads a JSON body: 415 when it is sent as anything but JSON, 413 past 1 MiB (checked while
 * it streams), 400 when it is not JSON. An empty body is `{}`.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get('content-type')
  if (contentType !== null && !isJsonMediaType(contentType)) throw unsupportedBody()
  const bytes = await readLimited(request, MAX_JSON_BYTES)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw errors.invalidJson()
  }
  if (text.trim() === '') return {}
  // A body without a content type is accepted only when it is empty.
  if (contentType === null) throw unsupportedBody()
  try {
    return JSON.parse(text)
  } catch {
    throw errors.invalidJson()
  }
}

function unsupportedBody(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE')
}

const MAX_FORM_BYTES = 64 * 1024

/** Whether the body is a plain HTML form's (`application/x-www-form-urlencoded`), as posted without JavaScript. */
export function isFormBody(request: Request): boolean {
  const essence = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase()
  return essence === 'application/x-www-form-urlencoded'
}

/**
 * A form's fields as strings (the last value of a repeated name), refused past 64 KiB: what a
 * form posted without JavaScript and a mail provider's one-click unsubscribe send.
 */
export async function readFormBody(request: Request): Promise<Record<string, string>> {
  const bytes = await readLimited(request, MAX_FORM_BYTES)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new AppError('BAD_REQUEST', msg`The request contains characters that are not allowed`)
  }
  return Object.fromEntries(new URLSearchParams(text))
}
