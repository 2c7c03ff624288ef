import { z } from 'zod'
import { loadCatalog, translate } from '~/i18n/i18n'
import { AUTH_FAILURE_MESSAGES, classifyAuthError, failureField } from '~/lib/auth-errors'
import { ERRORS } from '~/lib/errors'
import { errors } from '~/server/app-error'
import type { Auth } from '~/server/auth/auth'
import type { AppServices } from '~/server/services'
import { enforceRateLimit } from '~/server/web/rate-limit'
import { apiLang, errorResponse, json } from '~/server/web/responses'

const AUTH_BASE_PATH = '/api/auth'

// Each of these may send mail or test a password: an address may not be made to do it at will.
const LIMITED_AUTH_PATHS = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/send-verification-email']

type AuthRoute = { pattern: RegExp; methods: ReadonlyArray<string> }

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A better-call path (`/reset-password/:token`, `/x/**`) as a pattern over the path after the base. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '**' ? '.*' : escapeRegExp(segment)))
    .join('/')
  return new RegExp(`^${source}$`)
}

function methodsOf(method: unknown): ReadonlyArray<string> {
  if (typeof method === 'string') return [method.toUpperCase()]
  return Array.isArray(method) ? method.filter((item): item is string => typeof item === 'string').map((item) => item.toUpperCase()) : []
}

const routeTables = new WeakMap<Auth, ReadonlyArray<AuthRoute>>()

/**
 * The paths and methods better-auth answers, read from its own endpoints (plugins included)
 * the way its router registers them: server-only endpoints are not reachable over HTTP.
 */
function authRoutes(auth: Auth): ReadonlyArray<AuthRoute> {
  let table = routeTables.get(auth)
  if (!table) {
    const routes: Array<AuthRoute> = []
    for (const endpoint of Object.values<unknown>(auth.api)) {
      if (typeof endpoint !== 'function') continue
      const path: unknown = Reflect.get(endpoint, 'path')
      const options: unknown = Reflect.get(endpoint, 'options')
      if (typeof path !== 'string' || typeof options !== 'object' || options === null) continue
      const metadata: unknown = Reflect.get(options, 'metadata')
      if (typeof metadata === 'object' && metadata !== null && Reflect.get(metadata, 'SERVER_ONLY') === true) continue
      routes.push({ pattern: pathPattern(path), methods: methodsOf(Reflect.get(options, 'method')) })
    }
    table = routes
    routeTables.set(auth, table)
  }
  return table
}

/** The methods better-auth takes at this path; empty when it has no such path. */
function allowedMethods(auth: Auth, pathname: string): ReadonlyArray<string> {
  const path = pathname.slice(AUTH_BASE_PATH.length)
  const methods = new Set<string>()
  for (const route of authRoutes(auth)) if (route.pattern.test(path)) for (const method of route.methods) methods.add(method)
  return [...methods].sort()
}

async function refusal(request: Request, error: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const lang = apiLang(request)
  await loadCatalog(lang)
  return errorResponse(error, lang, headers)
}

/**
 * better-auth's endpoints, with our database-backed rate limit in front of sign-in and sign-up.
 * What better-auth would answer with an empty 404 (an unknown path, a known path asked with a
 * method it does not take) is answered as the REST API answers it (issue 32): the JSON error
 * in the caller's language, 404, or 405 with `Allow`.
 */
export async function handleAuthRequest(request: Request, options: { services: AppServices; clientIp: string }): Promise<Response> {
  const { services } = options
  const { pathname } = new URL(request.url)
  const allowed = allowedMethods(services.auth, pathname)
  if (allowed.length === 0) return refusal(request, errors.notFound())
  if (!allowed.includes(request.method) && !allowed.includes('*')) return refusal(request, errors.methodNotAllowed(), { allow: allowed.join(', ') })
  if (request.method === 'POST' && LIMITED_AUTH_PATHS.includes(pathname)) {
    try {
      await enforceRateLimit(services.db, 'auth', options.clientIp, services.config.rateLimits.auth, services.now())
    } catch (error) {
      return refusal(request, error)
    }
  }
  const response = await services.auth.handler(request)
  // Its router's own refusals carry no body (a trailing slash, `//`): ours instead.
  if (response.status === 404 && !response.headers.has('content-type')) return refusal(request, errors.notFound())
  if (response.status === 405) {
    // An endpoint that takes a method only in some cases (get-session's POST) refuses it itself.
    const others = allowed.filter((method) => method !== request.method)
    return refusal(request, errors.methodNotAllowed(), others.length > 0 ? { allow: others.join(', ') } : {})
  }
  return inCallersLanguage(request, response)
}

/** What better-auth's refusals carry (its message is English, and not shown). */
const betterAuthRefusalSchema = z.object({ code: z.string() })

/** better-auth's codes for a body its validator refused (a wrong type, a missing field, not JSON). */
const MALFORMED_BODY_CODES = new Set(['VALIDATION_ERROR', 'INVALID_JSON', 'BAD_REQUEST'])

/**
 * better-auth's own refusals (a wrong password, a taken address, a malformed body) carry its
 * English message, and for a malformed body its validator's detail (`[body.email] Invalid input:
 * expected string`). A program gets our sentence for its code in the language it asked for, as
 * the sign-in forms show it, with the field it belongs to; the code stays better-auth's, which
 * its client and ours read. Our own answers (the rate limit's 429) are translated already.
 */
async function inCallersLanguage(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500 || response.status === 429) return response
  if (!response.headers.get('content-type')?.includes('application/json')) return response
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined)
  const refusal = betterAuthRefusalSchema.safeParse(body)
  if (!refusal.success) return response
  const { code } = refusal.data
  const lang = apiLang(request)
  await loadCatalog(lang)
  const failure = classifyAuthError({ status: response.status, code })
  const descriptor = failure.kind === 'unknown' && MALFORMED_BODY_CODES.has(code) ? ERRORS.VALIDATION_FAILED.message : AUTH_FAILURE_MESSAGES[failure.kind]
  const message = translate(lang, descriptor)
  const field = failureField(failure)
  // Its other headers (a cookie it clears, say) stay as they were.
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-language', lang)
  headers.set('vary', 'Accept-Language')
  const translated = json({ code, message, ...(field === 'form' ? {} : { fieldErrors: { [field]: [message] } }) }, response.status)
  translated.headers.forEach((value, name) => headers.set(name, value))
  return new Response(translated.body, { status: response.status, headers })
}
