import { canManage, type Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'

/** Whether `actor` may edit this realtor (its owner or an admin); false for a visitor or an unknown id. */
export async function canEditRealtor(services: AppServices, actor: Actor | null, realtorId: string): Promise<boolean> {
  if (!actor) return false
  const realtor = await services.db.selectFrom('realtor').select('userId').where('id', '=', realtorId).executeTakeFirst()
  return realtor !== undefined && canManage(actor, realtor)
}
