import { getRequestIP } from '@tanstack/react-start/server'

/** The client's address for rate limits; X-Forwarded-For is trusted (we run behind a proxy). */
export function currentClientIp(): string {
  return getRequestIP({ xForwardedFor: true }) ?? 'unknown'
}
