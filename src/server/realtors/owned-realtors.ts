import { canManage, type Actor } from '~/server/auth/actor'
import { errors } from '~/server/app-error'
import type { AppServices } from '~/server/services'

/**
 * The realtors whose leads an actor may list: the one named (its owner or an admin only), or
 * every realtor the actor owns. Shared by the inbox's messages and its saved searches.
 */
export async function ownedRealtorIds(services: AppServices, actor: Actor, realtorId: string | undefined): Promise<Array<string>> {
  if (realtorId) {
    const realtor = await services.db.selectFrom('realtor').select(['id', 'userId']).where('id', '=', realtorId).executeTakeFirst()
    if (!realtor) throw errors.realtorNotFound()
    if (!canManage(actor, realtor)) throw errors.forbidden()
    return [realtor.id]
  }
  const owned = await services.db.selectFrom('realtor').select('id').where('userId', '=', actor.userId).execute()
  return owned.map((row) => row.id)
}

/**
 * A private lead row (a message, saved search, tour request or lead of any kind) as an actor
 * may see it: the row when the actor owns its realtor (or is the platform admin), else a 404
 * whatever the method, so another realtor's rows do not exist for the caller and ids cannot
 * be probed (issue 32 item 6, decision 017).
 */
export async function managedLeadRow<Row extends { realtorId: string }>(services: AppServices, actor: Actor, row: Row | undefined): Promise<Row> {
  if (row) {
    const realtor = await services.db.selectFrom('realtor').select('userId').where('id', '=', row.realtorId).executeTakeFirst()
    if (realtor && canManage(actor, realtor)) return row
  }
  throw errors.notFound()
}
