/*
 * The one error body (decision 011) as plain types, without zod: the browser's ServerError
 * (`./server-error`) and the server's AppError share it, and `~/schemas/errors` builds the
 * zod schemas the API documents from these codes and checks them against these types.
 */

/** Every failure a use case can report (DESIGN §5; each one's HTTP status is in `~/schemas/errors`). */
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
export type ErrorCode = (typeof ERROR_CODES)[number]

/**
 * A field's message: a Lingui message id (our own rules), or one of zod's own messages (a
 * wrong type, a size), which have no id and travel in both languages.
 */
export type FieldMessage = string | { ko: string; en: string }

/** Field path → its messages. */
export type FieldErrors = Record<string, Array<FieldMessage>>

/** What a server function's failure carries: the code, and messages as ids. */
export type ErrorBody = { code: ErrorCode; message: string; fieldErrors?: FieldErrors }

/** The same body in words, as the REST API answers it and the browser shows it. */
export type TranslatedErrorBody = { message: string; code: ErrorCode; fieldErrors?: Record<string, Array<string>> }
