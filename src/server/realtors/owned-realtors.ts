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
