import type { CmaSent } from '~/schemas/cma/cma'
import type { Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'

/**
 * `POST /cmas/{id}/send`: mails the share link to the CMA's seller lead through the outbox, in the
 * lead's language unless `{ lang }` says otherwise, and records it on the lead's timeline. Shares
 * the CMA first when it has no live link.
 */
export async function sendCmaToLead(services: AppServices, actor: Actor, id: string, input: unknown): Promise<CmaSent> {
  void services
  void actor
  void id
  void input
  throw new Error('not yet')
}
