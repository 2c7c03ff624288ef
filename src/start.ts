import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { preferredLangAtRoot } from '~/lib/lang'

/**
 * Spec §2/§4: the prefix-less `/` honours the stored language choice, then Accept-Language,
 * then Korean; English answers with a redirect to `/en`. Done before rendering, so the
 * browser gets a real 302 and caches know the answer varies by cookie and language.
 */
const rootLanguageRedirect = createMiddleware().server(async ({ request, pathname, next }) => {
  if (pathname !== '/' || (request.method !== 'GET' && request.method !== 'HEAD')) return next()
  const lang = preferredLangAtRoot({ cookie: request.headers.get('cookie'), acceptLanguage: request.headers.get('accept-language') })
  if (lang === 'en') {
    const { search } = new URL(request.url)
    return new Response(null, {
      status: 302,
      headers: { location: `/en${search}`, vary: 'Cookie, Accept-Language', 'cache-control': 'private, no-cache' },
    })
  }
  const result = await next()
  result.response.headers.append('vary', 'Cookie, Accept-Language')
  return result
})

/** DESIGN §7: headers every response carries. */
const securityHeaders = createMiddleware().server(async ({ request, next }) => {
  const result = await next()
  const headers = result.response.headers
  headers.set('x-content-type-options', 'nosniff')
  headers.set('referrer-policy', 'strict-origin-when-cross-origin')
  headers.set('x-frame-options', 'SAMEORIGIN')
  if (!headers.has('content-security-policy')) {
    headers.set('content-security-policy', "frame-ancestors 'self'; base-uri 'self'; object-src 'none'; form-action 'self'")
  }
  if (request.headers.get('x-forwarded-proto') === 'https' || new URL(request.url).protocol === 'https:') {
    headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
  }
  return result
})

export const startInstance = createStart(() => ({
  requestMiddleware: [
    securityHeaders,
    // A start instance replaces Start's default request middleware, CSRF protection included.
    createCsrfMiddleware({ filter: (context) => context.handlerType === 'serverFn' }),
    rootLanguageRedirect,
  ],
}))
