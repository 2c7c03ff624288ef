import { AsyncLocalStorage } from 'node:async_hooks'
import { loadCatalog } from '~/i18n/i18n'
import { AppError, errors } from '~/server/app-error'
import { apiLang, errorResponse } from '~/server/web/responses'
import { applySecurityHeaders } from './security-headers'

/** Start's endpoint for server functions (`TSS_SERVER_FN_BASE`). */
export const SERVER_FN_PREFIX = '/_serverFn/'

/** The methods Start's server functions are called with. */
const SERVER_FN_METHODS = ['GET', 'POST']

type Call = { reachedFunction: boolean }

const calls = new AsyncLocalStorage<Call>()

/**
 * Called by the function middleware every server function runs through (src/start.ts): from
 * here on a failure is the function's own, carried back to the browser by Start.
 */
export function markServerFnReached(): void {
  const call = calls.getStore()
  if (call) call.reachedFunction = true
}

function invalidCall(): AppError {
  return new AppError('BAD_REQUEST')
}

async function refusal(request: Request, error: AppError, headers: Record<string, string> = {}): Promise<Response> {
  const lang = apiLang(request)
  await loadCatalog(lang)
  const response = errorResponse(error, lang, { ...headers, 'cache-control': 'no-store' })
  // Start's own middleware, which adds them to what it answers, did not run for this answer.
  applySecurityHeaders(request, response.headers)
  return response
}

/** A refusal of Start's, before any function ran, as our error; what Start failed to decode is the caller's fault. */
function refusalFor(status: number): AppError {
  if (status === 403) return errors.forbidden()
  if (status === 404) return errors.notFound()
  if (status === 405) return errors.methodNotAllowed()
  return invalidCall()
}

/**
 * Answers a request to Start's server-function endpoint (issue 32). Start answered a malformed
 * call (no or an unknown function id, a payload that is not its serialization, a method no
 * server function takes) with a 500 or a plain-text refusal. A call Start could not decode is
 * the caller's fault: it gets a 4xx JSON error in the caller's language, as the REST API
 * answers. A call that reached its function is answered by Start as it was (its errors go back
 * to the browser in Start's own format, and a failure of the function itself stays a 500).
 */
export async function answerServerFnCall(request: Request, start: () => Promise<Response>): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (!SERVER_FN_METHODS.includes(request.method)) return refusal(request, errors.methodNotAllowed(), { allow: SERVER_FN_METHODS.join(', ') })
  const id = pathname.slice(SERVER_FN_PREFIX.length).split('/')[0]
  if (!id) return refusal(request, errors.notFound())
  const call: Call = { reachedFunction: false }
  let response: Response
  try {
    response = await calls.run(call, start)
  } catch (error) {
    if (call.reachedFunction) throw error
    return refusal(request, invalidCall())
  }
  if (call.reachedFunction || response.status < 400) return response
  // Refused before any function ran (the CSRF check's 403, an unknown id's 500): nothing of a
  // function's answer is lost by answering it as the REST API does.
  const allow = response.headers.get('allow')
  await response.body?.cancel()
  return refusal(request, refusalFor(response.status), allow ? { allow } : {})
}
