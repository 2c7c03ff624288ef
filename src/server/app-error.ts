import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { z } from 'zod'
import { ERRORS, type ErrorBody, type ErrorCode, type FieldErrors, type FieldMessage } from '~/lib/errors'
import { parseDescribed } from '~/schemas/issue-messages'

/** A use case's failure: a code of the one map (`ERRORS`), and its message as a Lingui descriptor, translated at the edge. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly descriptor: MessageDescriptor
  readonly fieldErrors?: FieldErrors
  readonly retryAfterSeconds?: number

  /** Without a `descriptor`, the code's own message from the map. */
  constructor(
    code: ErrorCode,
    descriptor: MessageDescriptor = ERRORS[code].message,
    options: { fieldErrors?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(descriptor.message ?? descriptor.id, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.descriptor = descriptor
    this.fieldErrors = options.fieldErrors
    this.retryAfterSeconds = options.retryAfterSeconds
  }

  get status(): number {
    return ERRORS[this.code].status
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}

/** The error body of decision 011: the code, and the messages as ids for the edge to translate. */
export function toErrorBody(error: AppError): ErrorBody {
  return {
    code: error.code,
    message: error.descriptor.id,
    ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
  }
}

export function fieldErrorsFromZod(error: z.ZodError, lookup: (message: string) => FieldMessage = (message) => message): FieldErrors {
  const fieldErrors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_'
    ;(fieldErrors[key] ??= []).push(lookup(issue.message))
  }
  return fieldErrors
}

export function validationError(error: z.ZodError, lookup?: (message: string) => FieldMessage): AppError {
  return new AppError('VALIDATION_FAILED', undefined, {
    fieldErrors: fieldErrorsFromZod(error, lookup),
    cause: error,
  })
}

/**
 * True when any string in the value holds a NUL character. PostgreSQL cannot store one in
 * text, so it is refused as bad input before it can become a server error.
 */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || typeof value !== 'object' || value === null) return false
  const entries = Array.isArray(value) ? value : Object.entries(value).flat()
  return entries.some((item) => containsNul(item, depth + 1))
}

/** Parses input with a schema or throws a 400 AppError carrying the field errors. */
export function parseInput<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> {
  if (containsNul(input)) throw new AppError('BAD_REQUEST', msg`The request contains characters that are not allowed`)
  // A rule without a message of its own gets ours, naming the field (issue 48), translated at the edge.
  const result = parseDescribed(schema, input)
  if (!result.success) throw validationError(result.error, result.messageOf)
  return result.data
}

export const errors = {
  unauthorized: () => new AppError('UNAUTHORIZED'),
  forbidden: () => new AppError('FORBIDDEN'),
  notFound: () => new AppError('NOT_FOUND'),
  realtorNotFound: () => new AppError('NOT_FOUND', msg`No realtor was found at this address`),
  methodNotAllowed: () => new AppError('METHOD_NOT_ALLOWED'),
  desiredUrlTaken: () =>
    new AppError('CONFLICT', msg`This homepage address is already taken`, {
      fieldErrors: { desiredUrl: [msg`This homepage address is already taken`.id] },
    }),
  domainTaken: () =>
    new AppError('CONFLICT', msg`This domain is already used by another homepage`, {
      fieldErrors: { hompageUrl: [msg`This domain is already used by another homepage`.id] },
    }),
  domainIsOurs: () =>
    new AppError('VALIDATION_FAILED', undefined, {
      fieldErrors: { hompageUrl: [msg`This is the address of our own site: enter a domain of your own`.id] },
    }),
  oneRealtorPerAccount: () => new AppError('CONFLICT', msg`Your account already has a homepage`),
  invalidJson: () => new AppError('BAD_REQUEST', msg`The request body is not valid JSON`),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', msg`The file is too large`),
  unsupportedMediaType: () => new AppError('UNSUPPORTED_MEDIA_TYPE', msg`Only JPEG, PNG, WebP and AVIF images are accepted`),
  rateLimited: (retryAfterSeconds: number) => new AppError('RATE_LIMITED', undefined, { retryAfterSeconds }),
  /** The data export's own 429 (decision 043): the realtor should know it is a limit of downloads, not of clicks. */
  exportRateLimited: (retryAfterSeconds: number) =>
    new AppError('RATE_LIMITED', msg`Your data can be downloaded only a few times an hour. Please try again later`, { retryAfterSeconds }),
  internal: (cause?: unknown) => new AppError('INTERNAL', undefined, { cause }),
}
