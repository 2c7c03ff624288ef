import { preferredLangAtRoot } from '~/lib/lang'

/**
 * Spec §2/§4: the prefix-less `/` honours the stored language choice, then Accept-Language,
 * then Korean; English answers with a redirect to `/en`. Decided before anything is rendered
 * or read from the page store, so the browser gets a real 302 and caches know the answer
 * varies by cookie and language. Undefined when the request stays where it is.
 */
export function rootLanguageRedirect(request: Request, pathname: string): Response | undefined {
  if (pathname !== '/' || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
  const lang = preferredLangAtRoot({ cookie: request.headers.get('cookie'), acceptLanguage: request.headers.get('accept-language') })
  if (lang !== 'en') return undefined
  const { search } = new URL(request.url)
  return new Response(null, {
    status: 302,
    headers: { location: `/en${search}`, vary: 'Cookie, Accept-Language', 'cache-control': 'private, no-cache' },
  })
}
