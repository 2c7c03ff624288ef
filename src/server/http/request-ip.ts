import { getRequestIP } from '@tanstack/react-start/server'

/** The client's address for rate limits; X-Forwarded-For is trusted (we run behind a proxy). */
export function currentClientIp(): string {
  return getRequestIP({ xForwardedFor: true }) ?? 'unknown'
}

/**
 * The same answer outside Start's request context (the server entry): the first
 * X-Forwarded-For hop, else the socket address srvx puts on its requests.
 */
export function clientIpOf(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  if (forwarded) return forwarded
  const socketIp: unknown = Reflect.get(request, 'ip')
  return typeof socketIp === 'string' && socketIp !== '' ? socketIp : 'unknown'
}
