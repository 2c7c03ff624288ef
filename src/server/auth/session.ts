import type { EditAccessByUrl, SessionInfo } from '~/schemas/session'
import type { AppServices } from '~/server/services'
import { canManage, type Actor } from './actor'

export async function sessionInfo(services: AppServices, actor: Actor | null, name: string): Promise<SessionInfo | null> {
  if (!actor) return null
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['id', 'desiredUrl'])
    .where('userId', '=', actor.userId)
    .orderBy('createdAt')
    .executeTakeFirst()
  return { user: { id: actor.userId, email: actor.email, name }, isAdmin: actor.isAdmin, realtor: realtor ?? null }
}

/** May this account edit the realtor at this desiredUrl? Owner or admin. */
export async function editAccess(services: AppServices, actor: Actor | null, desiredUrl: string): Promise<EditAccessByUrl> {
  if (!actor) return 'anonymous'
  const realtor = await services.db.selectFrom('realtor').select(['id', 'userId']).where('desiredUrlKey', '=', desiredUrl.toLowerCase()).executeTakeFirst()
  if (!realtor) return 'missing'
  return canManage(actor, realtor) ? 'allowed' : 'forbidden'
}
