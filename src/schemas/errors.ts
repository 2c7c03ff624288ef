import { z } from 'zod'
import type { Lang } from '~/lib/lang'

/*
 * The one error body (decision 011). Server functions send it with Lingui message ids and
 * the browser translates it where it shows it; the REST API translates the same ids once,
 * at its edge, by Accept-Language. Both faces and the browser import this file, so it holds
 * no server code.
 */

/** Every failure a use case can report, and the HTTP status each one maps to (DESIGN §5). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
] as const
export const errorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof errorCodeSchema>

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
}

/**
 * A field's message: a Lingui message id (our own rules), or one of zod's own messages (a
 * wrong type, a size), which have no id and travel in both languages.
 */
export const fieldMessageSchema = z.union([z.string(), z.object({ ko: z.string(), en: z.string() })])
export type FieldMessage = z.infer<typeof fieldMessageSchema>

/** Field path → its messages. */
export type FieldErrors = Record<string, Array<FieldMessage>>

/** What a server function's failure carries: the code, and messages as ids. */
export const errorBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string().meta({ description: 'A Lingui message id' }),
  fieldErrors: z.record(z.string(), z.array(fieldMessageSchema)).optional(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

/** The same body in words, as the REST API answers it and the browser shows it. */
export const translatedErrorBodySchema = z.object({
  message: z.string().meta({ description: 'Translated by Accept-Language (ko or en).' }),
  code: errorCodeSchema,
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
})
export type TranslatedErrorBody = z.infer<typeof translatedErrorBodySchema>

/** Turns a message id into words: the server's `translate(lang, id)`, the browser's `i18n._`. */
export type TranslateId = (id: string) => string

export function translateFieldMessage(message: FieldMessage, lang: Lang, translateId: TranslateId): string {
  return typeof message === 'string' ? translateId(message) : message[lang]
}

/** Each field's messages in `lang`. The one place field errors are put into words. */
export function translateFieldErrors(fieldErrors: FieldErrors, lang: Lang, translateId: TranslateId): Record<string, Array<string>> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map((message) => translateFieldMessage(message, lang, translateId))]),
  )
}

export function translateErrorBody(body: ErrorBody, lang: Lang, translateId: TranslateId): TranslatedErrorBody {
  return {
    message: translateId(body.message),
    code: body.code,
    ...(body.fieldErrors ? { fieldErrors: translateFieldErrors(body.fieldErrors, lang, translateId) } : {}),
  }
}

/**
 * A server function's failure as the browser receives it (a serialization adapter in
 * `src/start.ts` carries the body across). Its `message` is the id, not words.
 */
export class ServerError extends Error {
  readonly body: ErrorBody

  constructor(body: ErrorBody) {
    super(body.message)
    this.name = 'ServerError'
    this.body = body
  }

  get code(): ErrorCode {
    return this.body.code
  }
}

export function isServerError(error: unknown): error is ServerError {
  return error instanceof ServerError
}

/** The error's code when the server answered one; undefined for a network failure or a bug. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return isServerError(error) ? error.code : undefined
}

/** The words to show for a failed call: the server's message, or `fallback` when none came (offline). */
export function errorMessage(error: unknown, translateId: TranslateId, fallback: string): string {
  return isServerError(error) ? translateId(error.body.message) : fallback
}

/** The field errors of a failed call, in words; none when it carried none. */
export function errorFieldErrors(error: unknown, lang: Lang, translateId: TranslateId): Record<string, Array<string>> {
  return isServerError(error) && error.body.fieldErrors ? translateFieldErrors(error.body.fieldErrors, lang, translateId) : {}
}
