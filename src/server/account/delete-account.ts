import { msg } from '@lingui/core/macro'
import { deleteAccountRequestSchema, type DeletedAccount } from '~/schemas/account'
import { messageId } from '~/schemas/messages'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { enqueuePurge } from '~/server/cdn-purge/outbox'
import { announcePurge, bumpRevisions, realtorSurrogateKeys } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'
import { storedPhotoKey } from '~/server/uploads/photo-address'
import { forgetPhotoVariants, withDerivedKeys } from '~/server/uploads/photo-variants'
import { originalKeyOf, uploadFolderOf, uploadPrefix } from '~/server/uploads/storage'

/*
 * Account deletion (issue 30 item 8, decision 043): the login account, its sessions, every
 * homepage it owns and everything hanging off them (leads of every kind with their consent
 * records, notes, posts, statistics, queued mails: the schema's ON DELETE CASCADE), and the
 * stored files. Kept: the shared mail suppression list (decision 043 says why).
 *
 * Order matters for a retry: homepages first, then files, then the login account. If the
 * store fails, the account still exists, the caller gets an error and can try again; the
 * upload folder is listed afresh each time, so no file is forgotten.
 */

const DELETE_BATCH = 500

/** Our stored keys among the realtor's photos and post covers, with their thumbnails and width variants. */
async function referencedKeys(services: AppServices, realtorIds: ReadonlyArray<string>): Promise<Set<string>> {
  const keys = new Set<string>()
  if (realtorIds.length === 0) return keys
  const [photos, covers] = await Promise.all([
    services.db.selectFrom('realtorPhoto').select('url').where('realtorId', 'in', realtorIds).execute(),
    services.db.selectFrom('post').select('coverPhoto').where('realtorId', 'in', realtorIds).where('coverPhoto', 'is not', null).execute(),
  ])
  for (const stored of [...photos.map((photo) => photo.url), ...covers.map((post) => post.coverPhoto)]) {
    const key = stored === null ? undefined : storedPhotoKey(stored)
    if (key) keys.add(key)
  }
  return new Set(await withDerivedKeys(services.db, keys))
}

/** The rate-limit rows keyed by the account (uploads, data exports) or by an address that subscribed on its pages (src/server/web/rate-limit.ts). */
async function rateLimitKeys(services: AppServices, userId: string, realtorIds: ReadonlyArray<string>): Promise<Array<string>> {
  const keys = [`upload:${userId}`, `export:${userId}`]
  if (realtorIds.length === 0) return keys
  const [searches, subscriptions] = await Promise.all([
    services.db.selectFrom('savedSearch').select('emailKey').where('realtorId', 'in', realtorIds).execute(),
    services.db.selectFrom('marketSubscription').select('emailKey').where('realtorId', 'in', realtorIds).execute(),
  ])
  for (const { emailKey } of searches) keys.push(`saved-search-address:${emailKey}`)
  for (const { emailKey } of subscriptions) keys.push(`market-subscription-address:${emailKey}`)
  return [...new Set(keys)]
}

/**
 * Of the files outside the account's folder that its pages showed (an admin's upload for them,
 * another realtor's photo by URL), those no remaining page shows: the rule of DELETE /realtor.
 */
async function keysOthersDoNotShow(services: AppServices, candidates: ReadonlyArray<string>): Promise<Set<string>> {
  const keys = new Set(candidates)
  if (keys.size === 0) return keys
  const originals = [...keys]
  const [photos, covers] = await Promise.all([
    services.db.selectFrom('realtorPhoto').select('url').where('url', 'in', originals).execute(),
    services.db.selectFrom('post').select('coverPhoto').where('coverPhoto', 'in', originals).execute(),
  ])
  for (const stored of [...photos.map((photo) => photo.url), ...covers.map((post) => post.coverPhoto)]) {
    if (stored === null) continue
    // The file and everything made from it stay with the page that still shows it.
    for (const key of [...keys]) if (originalKeyOf(key) === stored) keys.delete(key)
  }
  return keys
}

async function deleteInBatches(services: AppServices, keys: ReadonlyArray<string>): Promise<void> {
  for (let start = 0; start < keys.length; start += DELETE_BATCH) await services.storage.delete(keys.slice(start, start + DELETE_BATCH))
}

/** `DELETE /account` and the workspace's "Delete my account": the caller's own account, confirmed by its e-mail address. */
export async function deleteAccount(services: AppServices, actor: Actor | null, input: unknown): Promise<DeletedAccount> {
  if (!actor) throw errors.unauthorized()
  const expected = actor.email.toLowerCase()
  parseInput(
    deleteAccountRequestSchema.refine((request) => request.confirmEmail.toLowerCase() === expected, {
      path: ['confirmEmail'],
      error: messageId(msg`This is not your account's e-mail address`),
    }),
    input,
  )
  const userId = actor.userId
  const realtors = await services.db.selectFrom('realtor').select('id').where('userId', '=', userId).execute()
  const realtorIds = realtors.map((realtor) => realtor.id)
  const referenced = await referencedKeys(services, realtorIds)
  const counters = await rateLimitKeys(services, userId, realtorIds)

  await services.db.transaction().execute(async (trx) => {
    // Counters named by the account or its subscribers' addresses: short-lived, but personal data all the same.
    for (let start = 0; start < counters.length; start += DELETE_BATCH) {
      await trx
        .deleteFrom('rateLimit')
        .where('key', 'in', counters.slice(start, start + DELETE_BATCH))
        .execute()
    }
    if (realtorIds.length > 0) {
      await trx.deleteFrom('realtor').where('userId', '=', userId).execute()
      await bumpRevisions(trx, 'realtors')
      await enqueuePurge(trx, services, realtorSurrogateKeys(realtorIds))
    }
  })
  if (realtorIds.length > 0) announcePurge(services.config.cdnPurge, realtorSurrogateKeys(realtorIds))

  // Every file in the account's upload folder is theirs, attached to a page or not. A photo
  // another realtor put on their own page by its public URL goes too: it was never theirs.
  const ownFolder = uploadPrefix(uploadFolderOf(services.config.signingSecret, userId))
  const keys = await keysOthersDoNotShow(
    services,
    [...referenced].filter((key) => !key.startsWith(ownFolder)),
  )
  for await (const object of services.storage.list(ownFolder)) keys.add(object.key)
  await deleteInBatches(services, [...keys])
  await forgetPhotoVariants(
    services.db,
    [...keys].filter((key) => originalKeyOf(key) === key),
  )

  const context = await services.auth.$context
  // Sessions, linked sign-in accounts (password, Kakao, Google) and the user row, through the adapter that knows their columns.
  await context.internalAdapter.deleteUser(userId)
  // Pending e-mail verification or password reset links name the account by id.
  await context.adapter.deleteMany({ model: 'verification', where: [{ field: 'value', value: userId }] })
  return { userId, realtorIds, deletedFiles: keys.size }
}
