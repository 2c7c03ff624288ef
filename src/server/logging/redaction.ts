/*
 * What a log line may say (decision 044): ids, counts, kinds, durations, error messages. Never a
 * visitor's or realtor's e-mail, name, phone number, message text, nor a token or password. The
 * code logs ids and counts; these functions are the net under it, for text that arrives from
 * elsewhere (an error's message, a library's warning).
 */

/** Any e-mail address: the test data's, a visitor's, a realtor's. Global: every occurrence. */
export const EMAIL_PATTERN = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g

const BEARER_PATTERN = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi

/** Field names whose values are never written, wherever they appear in a logged object (one level deep). */
export const REDACTED_KEYS = [
  'email',
  'emails',
  'to',
  'name',
  'phone',
  'body',
  'text',
  'token',
  'accessToken',
  'password',
  'secret',
  'authorization',
  'cookie',
] as const

export function redactPaths(): Array<string> {
  return REDACTED_KEYS.flatMap((key) => [key, `*.${key}`])
}

/** Replaces e-mail addresses and credentials in free text. */
export function scrubText(text: string): string {
  return text.replace(EMAIL_PATTERN, '[email]').replace(BEARER_PATTERN, '$1 [token]')
}

export type SerializedError = {
  type: string
  message: string
  stack?: string
  code?: string
  cause?: SerializedError
}

const MAX_CAUSE_DEPTH = 3

/**
 * An error as a log line shows it: its type, message, stack and code, and its cause. Nothing else
 * of it: a driver's error carries the failed query's values (PostgreSQL's `detail`: `Key
 * (email)=(…) already exists`), a mail transport's the recipient; pino's own serializer would
 * copy every such property.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)) }
  const serialized: SerializedError = { type: error.name, message: scrubText(error.message) }
  if (error.stack) serialized.stack = scrubText(error.stack)
  const code = 'code' in error ? error.code : undefined
  if (typeof code === 'string' || typeof code === 'number') serialized.code = String(code)
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) serialized.cause = serializeError(error.cause, depth + 1)
  return serialized
}
