import type { ErrorBody, ErrorCode, FieldErrors, FieldMessage, TranslatedErrorBody } from './error-body'

/*
 * The error body of decision 011 on both sides of the wire: the browser's ServerError and
 * the one place messages are put into words. Its types are the plain ones of `./error-body`,
 * so a page that can show an error does not download zod.
 */

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
