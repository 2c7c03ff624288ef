import type { CmaReport } from '~/schemas/cma/cma-report'
import type { CmaShare } from '~/schemas/cma/cma'
import type { Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'

/*
 * A CMA's share link `/{-$lang}/{desiredUrl}/cma/{token}` (issue 53 part 2): an unguessable token,
 * revocable, with an optional expiry. The token is the whole authority of a visitor's read.
 */

/** `POST /cmas/{id}/share`: a new link (any earlier one is revoked). */
export async function shareCma(services: AppServices, actor: Actor, id: string, input: unknown): Promise<CmaShare> {
  void services
  void actor
  void id
  void input
  throw new Error('not yet')
}

/** `DELETE /cmas/{id}/share`: the link stops working at once. */
export async function revokeCmaShare(services: AppServices, actor: Actor, id: string): Promise<{ id: string; revoked: boolean }> {
  void services
  void actor
  void id
  throw new Error('not yet')
}

/**
 * The report a share link shows, in `lang`; null when the token is unknown, revoked or expired (the
 * page answers 404). The route compares `report.realtor.desiredUrl` with its own segment.
 */
export async function getSharedReport(services: AppServices, token: string, lang: 'ko' | 'en'): Promise<CmaReport | null> {
  void services
  void token
  void lang
  throw new Error('not yet')
}
