import { z } from 'zod'
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

/*
 * Where the next page of a newest-first list starts: the last row of this one (by time, then
 * id). Opaque to callers; stable while rows arrive, since new ones sort before it.
 */
const cursorSchema = z.object({ createdAt: z.string().max(40), id: z.string().max(64) })
export type NewestFirstCursor = z.infer<typeof cursorSchema>

export function encodeCursor(row: { createdAt: string; id: string }): string {
  return Buffer.from(JSON.stringify({ createdAt: row.createdAt, id: row.id })).toString('base64url')
}

/** The position a cursor this server made names; undefined for an old or forged one. */
export function decodeCursor(cursor: string): NewestFirstCursor | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/**
 * A page of a newest-first list from its rows, read one past the page size: the extra row
 * only says that a next page follows, and the page's last row is where it starts.
 */
export function newestFirstPage<Row extends { createdAt: string; id: string }>(
  rows: ReadonlyArray<Row>,
  limit: number,
): { page: Array<Row>; nextCursor: string | null } {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null }
}
