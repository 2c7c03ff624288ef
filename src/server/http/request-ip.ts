import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { env } from '~/server/config/env'

/**
 * The client's address, as `proxy-addr` judges it (issue 17): the socket's peer, unless that
 * peer is one of `trustedHops` proxies in front of us, each of which appended the address it
 * received the request from to `X-Forwarded-For`. Only those appended entries are believed,
 * counted from the right; whatever a client wrote into the header itself is ignored. With no
 * trusted hop (the default), the header changes nothing, so a client cannot pick a new
 * address per request to walk around the rate limits.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trustedHops: number): string {
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  // Nearest first: the socket's peer, then each address our trusted proxies appended.
  const chain = [socketAddress ?? 'unknown', ...forwarded.reverse()]
  return chain[Math.min(trustedHops, chain.length - 1)] ?? 'unknown'
}

/** The client's address inside Start's request context (server routes, server functions). */
export function currentClientIp(): string {
  return clientAddress(getRequestIP(), getRequest().headers.get('x-forwarded-for'), env().TRUSTED_PROXY_HOPS)
}

/** The same answer outside Start's request context (the server entry): srvx puts the socket address on its requests. */
export function clientIpOf(request: Request): string {
  const socketIp: unknown = Reflect.get(request, 'ip')
  return clientAddress(typeof socketIp === 'string' && socketIp !== '' ? socketIp : undefined, request.headers.get('x-forwarded-for'), env().TRUSTED_PROXY_HOPS)
}
