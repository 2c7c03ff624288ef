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
