import { randomBytes, randomUUID } from 'node:crypto'
import { msg } from '@lingui/core/macro'
import type { CmaReport } from '~/schemas/cma/cma-report'
import { cmaShareRequestSchema, type CmaShare } from '~/schemas/cma/cma'
import { AppError, parseInput } from '~/server/app-error'
import type { Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'
import { dependsOn, dependsOnRealtor, dependsUntil } from '~/server/pages/page-dependencies'
import { reviseRealtorPages } from '~/server/pages/realtor-page-revisions'
import { reportOfCma } from './cma-report'
import { isLiveShare, managedCma, shareOf } from './cmas'

/*
 * A CMA's share link `/{-$lang}/{desiredUrl}/cma/{token}` (issue 53 part 2): 32 random bytes,
 * base64url (256 bits: unguessable, and nothing in it names the CMA or the realtor); revocable;
 * an optional expiry. The token is the whole authority of a visitor's read. One live link per CMA:
 * a new one revokes the others, so "stop sharing" never misses an older copy.
 */

/** Made in the same transaction as the revocation of the CMA's other links. */
export async function createShare(
  services: AppServices,
  cma: { id: string; realtorId: string },
  expiresAt: string | null,
): Promise<{ token: string; createdAt: string }> {
  const now = services.now().toISOString()
  const token = randomBytes(32).toString('base64url')
  await services.db.transaction().execute(async (trx) => {
    await trx.updateTable('cmaShare').set({ revokedAt: now }).where('cmaId', '=', cma.id).where('revokedAt', 'is', null).execute()
    await trx.insertInto('cmaShare').values({ id: randomUUID(), cmaId: cma.id, token, createdAt: now, expiresAt, revokedAt: null }).execute()
    // The link it replaces stops working on the store and the CDN as well.
    await reviseRealtorPages(trx, services, [cma.realtorId])
  })
  return { token, createdAt: now }
}

/** `POST /cmas/{id}/share`: a new link (any earlier one is revoked). An expiry must be in the future. */
export async function shareCma(services: AppServices, actor: Actor, id: string, input: unknown): Promise<CmaShare> {
  const request = parseInput(cmaShareRequestSchema, input === undefined ? {} : input)
  const cma = await managedCma(services, actor, id)
  const expiresAt = request.expiresAt === undefined ? null : new Date(request.expiresAt).toISOString()
  if (expiresAt !== null && expiresAt <= services.now().toISOString())
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { expiresAt: [msg`Choose a time in the future`.id] },
    })
  const created = await createShare(services, cma, expiresAt)
  return shareOf({ id: '', cmaId: cma.id, token: created.token, createdAt: created.createdAt, expiresAt, revokedAt: null }, cma.desiredUrl)
}

/** `DELETE /cmas/{id}/share`: every link of the CMA stops working at once; `revoked` says whether one was live. */
export async function revokeCmaShare(services: AppServices, actor: Actor, id: string): Promise<{ id: string; revoked: boolean }> {
  const cma = await managedCma(services, actor, id)
  const revoked = await services.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('cmaShare')
      .set({ revokedAt: services.now().toISOString() })
      .where('cmaId', '=', cma.id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst()
    const any = Number(result.numUpdatedRows) > 0
    // A stored copy of the page (the page store's, a CDN's) must not outlive the link.
    if (any) await reviseRealtorPages(trx, services, [cma.realtorId])
    return any
  })
  return { id: cma.id, revoked }
}

/** What a token a visitor brings may look like: anything else is not looked up at all. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * The report a share link shows, in `lang`; null when the token is unknown, revoked or expired (the
 * page answers 404). The route compares `report.realtor.desiredUrl` with its own segment.
 */
export async function getSharedReport(services: AppServices, token: string, lang: 'ko' | 'en'): Promise<CmaReport | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const share = await services.db.selectFrom('cmaShare').selectAll().where('token', '=', token).executeTakeFirst()
  if (!share || !isLiveShare(share, services.now())) return null
  const cma = await services.db
    .selectFrom('cma')
    .innerJoin('realtor', 'realtor.id', 'cma.realtorId')
    .selectAll('cma')
    .select(['realtor.desiredUrl', 'realtor.revision'])
    .where('cma.id', '=', share.cmaId)
    .executeTakeFirst()
  if (!cma) return null
  // Stored by the page store: every write to the CMA or its links moves the realtor's revision
  // (`reviseRealtorPages`), the report's market figures and photos follow the listings, and a
  // link with an end is made again from then, when it answers 404.
  dependsOnRealtor(cma.realtorId, Number(cma.revision))
  dependsOn('listings')
  if (share.expiresAt) dependsUntil(share.expiresAt)
  return reportOfCma(services, cma, lang)
}
