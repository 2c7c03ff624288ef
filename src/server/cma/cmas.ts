import type { Cma, CmaList } from '~/schemas/cma/cma'
import type { Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'

/*
 * A realtor's CMAs (issue 53 part 2): create from a subject (and a seller lead), list, read, change
 * and delete. Every use case checks the one ownership rule; another realtor's CMA does not exist for
 * the caller (404 for every method, as leads are).
 */

/** `POST /cmas`: `{ realtorId, subject, leadId? }` → the CMA with its candidates ranked by match, the best picked. */
export async function createCma(services: AppServices, actor: Actor, input: unknown): Promise<Cma> {
  void services
  void actor
  void input
  throw new Error('not yet')
}

/** `GET /cmas?realtorId=`: newest change first. */
export async function listCmas(services: AppServices, actor: Actor, query: unknown): Promise<CmaList> {
  void services
  void actor
  void query
  throw new Error('not yet')
}

/** `GET /cmas/{id}`. */
export async function getCma(services: AppServices, actor: Actor, id: string): Promise<Cma> {
  void services
  void actor
  void id
  throw new Error('not yet')
}

/** `PATCH /cmas/{id}`: adjusted prices are recomputed here from the grid, never taken from the client. */
export async function patchCma(services: AppServices, actor: Actor, id: string, input: unknown): Promise<Cma> {
  void services
  void actor
  void id
  void input
  throw new Error('not yet')
}

/** `DELETE /cmas/{id}`: its comparables and share links with it. */
export async function deleteCma(services: AppServices, actor: Actor, id: string): Promise<{ id: string }> {
  void services
  void actor
  void id
  throw new Error('not yet')
}
