import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from '~/schemas/messages'
import { AppError, parseInput } from '~/server/app-error'
import { enforceRateLimit } from '~/server/web/rate-limit'
import type { AppServices } from '~/server/services'

/** `POST /cozying-api/v1/auth/token`: e-mail and password of an account. */
export const tokenRequestSchema = z
  .object({
    email: z.email({ error: messageId(msg`Enter a valid e-mail address`) }).max(254),
    password: z
      .string()
      .min(1, { error: messageId(msg`Enter your password`) })
      .max(128),
  })
  .meta({ id: 'TokenRequest' })

export const tokenResponseSchema = z
  .object({
    token: z.string().meta({ description: 'Send it as `Authorization: Bearer {token}`.' }),
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  })
  .meta({ id: 'Token' })
export type TokenResponse = z.infer<typeof tokenResponseSchema>

/**
 * A bearer token for a program (a mobile app, a script, Node's `fetch`), issue 17. better-auth's
 * own sign-in guards the browser's cookie sign-in against cross-site requests, and so refuses
 * an HTTP client that sends `Sec-Fetch-*` headers without an `Origin` (Node's fetch does). This
 * endpoint sets no cookie, so there is no session for another site to ride: it takes only a
 * JSON body (a cross-site form cannot send one without the browser asking us first), counts
 * against the sign-in rate limit, and answers the token in the body.
 */
export async function issueProgramToken(services: AppServices, clientIp: string, input: unknown): Promise<TokenResponse> {
  await enforceRateLimit(services.db, 'auth', clientIp, services.config.rateLimits.auth, services.now())
  const { email, password } = parseInput(tokenRequestSchema, input)
  const signedIn = await services.auth.api.signInEmail({ body: { email, password }, returnHeaders: true }).catch(() => undefined)
  const token = signedIn?.headers.get('set-auth-token') ?? signedIn?.response.token
  if (!signedIn || !token) throw new AppError('UNAUTHORIZED', msg`The e-mail or password is not correct.`)
  const { user } = signedIn.response
  return { token, user: { id: user.id, email: user.email, name: user.name } }
}
