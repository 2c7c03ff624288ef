import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/*
 * The error model (decisions 011, 054, 057) in one place, without zod: the codes with their HTTP
 * status and message, the one error body, the one place messages are put into words, and the
 * browser's ServerError. The server's AppError (`~/server/app-error`) carries a code of this
 * table; the API documents the body in words (`~/server/http/openapi`). A page that can show an
 * error downloads no zod.
 */

/** Every failure a use case can report (DESIGN §5), in the order the API documents them. */
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
 * The one map: each code's HTTP status (DESIGN §5), and the message a failure of that code
 * carries when it has no words of its own (`new AppError('NOT_FOUND')`).
 */
export const ERRORS: Readonly<Record<ErrorCode, { status: number; message: MessageDescriptor }>> = {
  VALIDATION_FAILED: { status: 400, message: msg`Some fields need your attention` },
  BAD_REQUEST: { status: 400, message: msg`This call is not valid` },
  UNAUTHORIZED: { status: 401, message: msg`Sign in to continue` },
  FORBIDDEN: { status: 403, message: msg`You are not allowed to do this` },
  NOT_FOUND: { status: 404, message: msg`Not found` },
  METHOD_NOT_ALLOWED: { status: 405, message: msg`This method is not allowed here` },
  CONFLICT: { status: 409, message: msg`This was changed in the meantime. Reload and try again.` },
  PAYLOAD_TOO_LARGE: { status: 413, message: msg`The request is too large` },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: msg`Send the request body as JSON (Content-Type: application/json)` },
  RATE_LIMITED: { status: 429, message: msg`Too many requests. Please wait a moment and try again` },
  INTERNAL: { status: 500, message: msg`Internal Server Error` },
}

/**
 * The message of a rule no schema words itself (a missing field, a wrong type, a size; issue
 * 48): the id of our sentence for the kind of problem, the id of the field's label (put in
 * as `{field}`), and the sentence's other values (`{minimum}`, `{options}`, …).
 */
export type IssueMessage = { id: string; label: string; values?: Record<string, string | number> }

/** A field's message: a Lingui message id (a rule that words itself), or an `IssueMessage`. */
export type FieldMessage = string | IssueMessage

/** Field path → its messages. */
export type FieldErrors = Record<string, Array<FieldMessage>>

/** What a server function's failure carries: the code, and messages as ids. */
export type ErrorBody = { code: ErrorCode; message: string; fieldErrors?: FieldErrors }

/** The same body in words, as the REST API answers it and the browser shows it. */
export type TranslatedErrorBody = { message: string; code: ErrorCode; fieldErrors?: Record<string, Array<string>> }

/** Turns a message id into words: the server's `translate(lang, id)`, the browser's `i18n._`. */
export type TranslateId = (id: string) => string

/** Turns a message id and its values into words: `(id, values) => i18n._(id, values)`. */
export type TranslateMessage = (id: string, values?: Record<string, string | number>) => string

export function translateFieldMessage(message: FieldMessage, translate: TranslateMessage): string {
  if (typeof message === 'string') return translate(message)
  return translate(message.id, { ...message.values, field: translate(message.label) })
}

/** Each field's messages in words. The one place field errors are put into words. */
export function translateFieldErrors(fieldErrors: FieldErrors, translate: TranslateMessage): Record<string, Array<string>> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map((message) => translateFieldMessage(message, translate))]),
  )
}

export function translateErrorBody(body: ErrorBody, translate: TranslateMessage): TranslatedErrorBody {
  return {
    message: translate(body.message),
    code: body.code,
    ...(body.fieldErrors ? { fieldErrors: translateFieldErrors(body.fieldErrors, translate) } : {}),
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
export function errorFieldErrors(error: unknown, translate: TranslateMessage): Record<string, Array<string>> {
  return isServerError(error) && error.body.fieldErrors ? translateFieldErrors(error.body.fieldErrors, translate) : {}
}
