import { createSerializationAdapter } from '@tanstack/react-router'
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { ServerError } from '~/lib/errors'
import type { ErrorBody } from '~/lib/errors'
import { compressHtmlResponse } from '~/server/web/compress'
import { finishPage } from '~/server/http/finish-page'
import { rootLanguageRedirect } from '~/server/http/root-redirect'
import { toServerFnError } from '~/server/http/server-fn'
import { markServerFnReached } from '~/server/http/server-fn-guard'
import { applySecurityHeaders } from '~/server/http/security-headers'
import { getServices } from '~/server/process-services'
import { classifyHost, runOnOwnDomain } from '~/server/site/own-domain'
import { requestHost } from '~/server/site/site-context'
import { isHomeValuePagePath } from '~/lib/home-value'
import { renderWithPostedValuation } from '~/server/valuations/posted-valuation'

/** Spec §2/§4 (`rootLanguageRedirect`), for a `/` the page store did not answer. */
const rootLanguage = createMiddleware().server(async ({ request, pathname, next }) => {
  const redirect = rootLanguageRedirect(request, pathname)
  if (redirect) return redirect
  const result = await next()
  if (pathname === '/') result.response.headers.append('vary', 'Cookie, Accept-Language')
  return result
})

/** DESIGN §7: headers every response carries. */
const securityHeaders = createMiddleware().server(async ({ request, next }) => {
  const result = await next()
  applySecurityHeaders(request, result.response.headers)
  return result
})

/** Outermost, so it finishes and compresses the page exactly as every other middleware left it. */
const compression = createMiddleware().server(async ({ request, next }) => {
  const result = await next()
  const { storage } = await getServices()
  return compressHtmlResponse(request, await finishPage(request, result.response, { photoOrigins: storage.browserOrigins }))
})

/**
 * A realtor's own domain (issue 4): the request runs with that realtor's desiredUrl in
 * scope, which the router turns into a path rewrite. A host that is neither ours nor any
 * realtor's answers 404.
 */
const ownDomain = createMiddleware().server(async ({ request, next }) => {
  const host = await classifyHost(requestHost((name) => request.headers.get(name)))
  if (host.kind === 'ours') return next()
  if (host.kind === 'unknown') {
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  return runOnOwnDomain(host.desiredUrl, () => next())
})

/**
 * The home-value form posted without scripts (issue 27, decision 036): the answer is the page
 * itself with the estimate, rendered with the posted entries in scope, and no cache keeps it.
 */
const homeValuePost = createMiddleware().server(async ({ request, pathname, next }) => {
  if (request.method !== 'POST' || !isHomeValuePagePath(pathname)) return next()
  const result = await renderWithPostedValuation(request, async () => next())
  result.response.headers.set('cache-control', 'no-store')
  return result
})

/** Every server function fails the same way: the error body of decision 011, as a ServerError. */
const errorBody = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  // The call was decoded and reached a function: what fails from here is the function's (issue 32).
  markServerFnReached()
  try {
    return await next()
  } catch (error) {
    throw toServerFnError(error)
  }
})

/** Carries a ServerError across the wire as its body, so the browser gets a ServerError back. */
const serverErrorAdapter = createSerializationAdapter({
  key: 'server-error',
  test: (value): value is ServerError => value instanceof ServerError,
  toSerializable: (error): ErrorBody => error.body,
  fromSerializable: (body: ErrorBody) => new ServerError(body),
})

export const startInstance = createStart(() => ({
  functionMiddleware: [errorBody],
  serializationAdapters: [serverErrorAdapter],
  requestMiddleware: [
    compression,
    securityHeaders,
    // A start instance replaces Start's default request middleware, CSRF protection included.
    createCsrfMiddleware({ filter: (context) => context.handlerType === 'serverFn' }),
    ownDomain,
    rootLanguage,
    homeValuePost,
  ],
}))
