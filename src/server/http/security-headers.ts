/** DESIGN §7: headers every response carries, pages and API alike. */
export function applySecurityHeaders(request: Request, headers: Headers): void {
  headers.set('x-content-type-options', 'nosniff')
  headers.set('referrer-policy', 'strict-origin-when-cross-origin')
  headers.set('x-frame-options', 'SAMEORIGIN')
  if (!headers.has('content-security-policy')) {
    headers.set('content-security-policy', "frame-ancestors 'self'; base-uri 'self'; object-src 'none'; form-action 'self'")
  }
  if (request.headers.get('x-forwarded-proto') === 'https' || request.url.startsWith('https:')) {
    headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
  }
}
