import { msg } from '@lingui/core/macro'
import { translate } from '~/i18n/i18n'
import { DEFAULT_LANG, langFromAcceptLanguage, type Lang } from '~/lib/lang'
import { AppError, errors, isAppError, type FieldErrors } from './app-error'

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

/** Each field's messages in `lang`: ours through the catalog, zod's own from its locale. */
export function translateFieldErrors(lang: Lang, fieldErrors: FieldErrors): Record<string, Array<string>> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map((message) => (typeof message === 'string' ? translate(lang, message) : message[lang]))]),
  )
}

/** DESIGN §5: `{ message, code, fieldErrors? }`, translated, never an HTML page. */
export function errorResponse(error: unknown, lang: Lang, extraHeaders: Record<string, string> = {}): Response {
  const appError: AppError = isAppError(error) ? error : errors.internal(error)
  if (appError.status >= 500) console.error('[api] unexpected error', appError.cause ?? appError)
  const fieldErrors = appError.fieldErrors ? translateFieldErrors(lang, appError.fieldErrors) : undefined
  const headers: Record<string, string> = { ...extraHeaders, 'content-language': lang }
  if (appError.retryAfterSeconds !== undefined) headers['retry-after'] = String(appError.retryAfterSeconds)
  return json(
    { message: translate(lang, appError.descriptor), code: appError.code, ...(fieldErrors ? { fieldErrors } : {}) },
    appError.status,
    headers,
  )
}

const MAX_JSON_BYTES = 1024 * 1024

/** Reads a JSON body: 413 past 1 MiB, 400 when it is not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_JSON_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', msg`The request is too large`)
  const text = await request.text()
  if (text.length > MAX_JSON_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', msg`The request is too large`)
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw errors.invalidJson()
  }
}
