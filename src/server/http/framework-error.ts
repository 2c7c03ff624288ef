import { refuseUnanswerable } from './request-guard'
import { applySecurityHeaders } from './security-headers'

type FrameworkEvent = { req: Request }

/**
 * Nitro's error handler, before its built-in one (vite.config.ts). h3 refuses a path with a
 * malformed `%` escape before our server entry sees the request, with an English JSON body and
 * none of our headers (issue 17): such a request gets the answer the front door would give,
 * in the path's language. Any other error falls through to Nitro's own handler.
 */
export default async function answerFrameworkError(_error: unknown, event: FrameworkEvent): Promise<Response | undefined> {
  const request = event.req
  if (!URL.canParse(request.url)) return undefined
  const refused = await refuseUnanswerable(request, new URL(request.url))
  if (!refused) return undefined
  applySecurityHeaders(request, refused.headers)
  return refused
}
