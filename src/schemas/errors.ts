import { z } from 'zod'

/*
 * The one error body (decision 011). Server functions send it with Lingui message ids and
 * the browser translates it where it shows it; the REST API translates the same ids once,
 * at its edge, by Accept-Language. What the browser does with it (ServerError, putting it
 * into words) is in `~/lib/server-error`, which imports only this file's types: zod stays
 * out of a visitor's first download.
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
