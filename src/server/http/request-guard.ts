import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { loadCatalog, translate } from '~/i18n/i18n'
import { isHomeValuePagePath } from '~/lib/home-value'
import { langFromPath } from '~/lib/lang'
import { isSignInPath, UNSENT_SIGN_IN_PARAM } from '~/lib/sign-in-paths'
import { AppError, errors } from '~/server/app-error'
import { apiLang, errorResponse } from '~/server/web/responses'

/**
 * Where a method other than GET and HEAD means something: the REST API, better-auth, server
 * functions and the local driver's upload endpoint. Everything else is a page.
 */
const ACTION_PREFIXES = ['/cozying-api/', '/api/auth/', '/_serverFn/', '/uploads/', '/map-data/']

function takesActions(pathname: string): boolean {
  return pathname === '/cozying-api' || pathname === '/api/auth' || ACTION_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

/** The path decoded, or undefined when an escape is malformed (the bundler keeps a call whose result is used). */
function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURI(pathname)
  } catch {
    return undefined
  }
}

function hasMalformedEscape(pathname: string): boolean {
  return pathname.includes('%') && decodedPath(pathname) === undefined
}

async function refusal(pathname: string, status: number, message: MessageDescriptor, headers: Record<string, string> = {}): Promise<Response> {
  const lang = langFromPath(pathname)
  await loadCatalog(lang)
  return new Response(translate(lang, message), {
    status,
    headers: { ...headers, 'content-type': 'text/plain; charset=utf-8', 'content-language': lang, 'cache-control': 'no-store' },
  })
}

/**
 * Requests no page can answer, refused before the framework sees them (issue 17): a page
 * asked with `PUT`, `DELETE` or `PROPFIND` (405, it used to render the page), and a path with
 * a malformed `%` escape (400, it used to reach the framework's English JSON error; on every
 * path that takes actions, our JSON error in the caller's language).
 *
 * A `POST` to a page is a form sent before the scripts loaded (the sign-in form posts rather
 * than put a password in the address): it is sent back to the page with a 303, unread, so the
 * visitor sees the form again instead of an error. The home-value page is the exception: its
 * form posts to the page, which answers with the estimate.
 */
export async function refuseUnanswerable(request: Request, url: URL): Promise<Response | undefined> {
  const { pathname } = url
  if (!takesActions(pathname) && request.method !== 'GET' && request.method !== 'HEAD') {
    // The home-value form without scripts: its page answers the POST with the estimate (decision 036).
    if (request.method === 'POST' && isHomeValuePagePath(pathname)) return undefined
    if (request.method === 'POST' && !hasMalformedEscape(pathname)) {
      // One leading slash: `//host/x` (or `/\host/x`) would send the browser to another site.
      const samePath = pathname.replace(/^[/\\]+/, '/')
      const search = new URLSearchParams(url.search)
      // A sign-in page says that nothing was sent (its fields come back empty: no password is kept).
      if (isSignInPath(samePath)) search.set(UNSENT_SIGN_IN_PARAM, '1')
      const query = search.size > 0 ? `?${search.toString()}` : ''
      return new Response(null, { status: 303, headers: { location: `${samePath}${query}`, 'cache-control': 'no-store' } })
    }
    return refusal(pathname, 405, errors.methodNotAllowed().descriptor, { allow: 'GET, HEAD' })
  }
  if (hasMalformedEscape(pathname)) {
    const invalid = msg`This address is not valid`
    // Every path a program calls (the REST API, better-auth, server functions, uploads, map
    // data) answers our JSON error in the caller's language (issue 48); only pages answer text.
    if (takesActions(pathname)) {
      const lang = apiLang(request)
      await loadCatalog(lang)
      return errorResponse(new AppError('BAD_REQUEST', invalid), lang, { 'cache-control': 'no-store' })
    }
    return refusal(pathname, 400, invalid)
  }
  return undefined
}
