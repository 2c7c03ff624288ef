import { accountMenuSchema } from '~/schemas/session'
import { resolveActor } from '~/server/auth/actor'
import { sessionInfo } from '~/server/auth/session'
import type { AppServices } from '~/server/services'
import { json } from '~/server/web/responses'

/**
 * `GET /cozying-api/account-menu` (src/lib/account-menu.ts): whether the viewer is signed in and
 * their homepage's address, for the header of an islands page. A visitor or a broken session is
 * signed out; the answer is private and never stored.
 */
export async function answerAccountMenu(request: Request, services: AppServices): Promise<Response> {
  const headers = { 'cache-control': 'private, no-store' }
  if (request.method !== 'GET') return new Response(null, { status: 405, headers: { ...headers, allow: 'GET' } })
  const actor = await resolveActor(services.auth, request.headers, services.config.adminEmails).catch(() => null)
  const session = await sessionInfo(services, actor, '')
  return json(accountMenuSchema.parse({ signedIn: session !== null, desiredUrl: session?.realtor?.desiredUrl ?? null }), 200, headers)
}
