/*
 * When mail is tried again, for both outboxes (contact messages to their realtor, and the
 * mail_outbox of confirmations and alerts): one policy, so the admin's Mail outbox panel reads
 * the same for both.
 */

/** How long a claimed mail is left to one sender before another process may take it over. */
export const SENDING_LEASE_MS = 5 * 60_000

const MAX_BACKOFF_MS = 6 * 60 * 60_000

/** 1, 2, 4… minutes after each failed attempt, at most six hours. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1))
}
