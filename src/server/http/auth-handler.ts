import { loadCatalog } from '~/i18n/i18n'
import type { AppServices } from '~/server/services'
import { enforceRateLimit } from './rate-limit'
import { apiLang, errorResponse } from './responses'

// Each of these may send mail or test a password: an address may not be made to do it at will.
const LIMITED_AUTH_PATHS = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/send-verification-email']

/** better-auth's endpoints, with our database-backed rate limit in front of sign-in and sign-up. */
export async function handleAuthRequest(request: Request, options: { services: AppServices; clientIp: string }): Promise<Response> {
  const { services } = options
  const { pathname } = new URL(request.url)
  if (request.method === 'POST' && LIMITED_AUTH_PATHS.includes(pathname)) {
    try {
      await enforceRateLimit(services.db, 'auth', options.clientIp, services.config.rateLimits.auth, services.now())
    } catch (error) {
      const lang = apiLang(request)
      await loadCatalog(lang)
      return errorResponse(error, lang)
    }
  }
  return services.auth.handler(request)
}
