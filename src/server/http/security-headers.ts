import { PERMISSIONS_POLICY } from './content-security-policy'

/** What the headers depend on: a `Request`, or what Node's own request says of itself (node-front.ts). */
export type SecurityFacts = { url: string; headers: Pick<Headers, 'get'> }

/**
 * DESIGN §7: headers every response carries, pages and API alike. An HTML page gets its full
 * Content-Security-Policy when it is finished (`finishPage`, with its scripts' hashes); any
 * other response gets one that allows nothing, so a file that a browser might render (an
 * error body, say) runs nothing either.
 */
export function applySecurityHeaders(request: SecurityFacts, headers: Headers): void {
  headers.set('x-content-type-options', 'nosniff')
  headers.set('referrer-policy', 'strict-origin-when-cross-origin')
  headers.set('x-frame-options', 'SAMEORIGIN')
  headers.set('permissions-policy', PERMISSIONS_POLICY)
  if (!headers.has('content-security-policy')) {
    headers.set('content-security-policy', "default-src 'none'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'")
  }
  if (isSecureRequest(request)) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
}

/** Served over TLS, directly or behind a proxy that says so. */
export function isSecureRequest(request: SecurityFacts): boolean {
  return request.headers.get('x-forwarded-proto') === 'https' || request.url.startsWith('https:')
}
