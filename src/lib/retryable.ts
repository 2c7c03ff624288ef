/**
 * Error codes after which asking again can help: a server failure or a rate limit passes, while
 * "sign in", "not allowed" or "not found" will answer the same. The panels offer "Try again"
 * only for these (and for a network failure, which has no code).
 */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['INTERNAL', 'RATE_LIMITED'])

export function isRetryableCode(code: string): boolean {
  return RETRYABLE_CODES.has(code)
}
