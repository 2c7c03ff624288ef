import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { publicRealtorSchema, realtorInputSchema, type PublicRealtor, type Realtor, type RealtorFields } from '~/schemas/realtor'
import { canManage, type Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { isOurHost } from '~/server/config/our-hosts'
import { uploadFolderOf } from '~/server/uploads/storage'
import { componentLogger } from '~/server/logging/logger'
import { ensurePhotoVariants, forgetPhotoVariants, withDerivedKeys } from '~/server/uploads/photo-variants'
import { storedPhotoAddress, storedPhotoKey } from '~/server/uploads/photo-address'
import { assertAddedPhotosStored } from '~/server/uploads/stored-photos'
import type { AppServices } from '~/server/services'
import { enqueuePurge } from '~/server/cdn-purge/outbox'
import { announcePurge, bumpRevisions, realtorSurrogateKeys } from '~/server/pages/revisions'
import { findRealtorIdByKey, hostKeyOf, readRealtor, writeRealtor } from './realtor-store'

/**
 * Only the fields a visitor may see: the schema strips every other key, present or future.
 * Hidden reviews stay with the realtor (issue 14); the rest lose the flag that says so.
 */
function toPublicRealtor(realtor: Realtor): PublicRealtor {
  return publicRealtorSchema.parse({ ...realtor, testimonials: realtor.testimonials.filter((testimonial) => !testimonial.hidden) })
}

/**
 * A homepage not published (`isMakeHomepage` N: not yet, or taken down by an admin) as anyone
 * may read it: who it is (its address, names, licence and brokerage, which its few pages that
 * still answer, such as a saved search's unsubscribe page, show in its colours), and none of
 * what its owner wrote for visitors: contact details, texts, photos, reviews, SEO and tags stay
 * theirs until it is published. The same for everyone, so the page store may keep it.
 */
function closedSite(realtor: PublicRealtor): PublicRealtor {
  const noSeo = { title: null, description: null, keywords: null, author: null }
  // Every field is named, nothing spread: a field added to the realtor stays out of a closed
  // site until someone decides here that a visitor may see it (the compiler asks for it).
  return {
    id: realtor.id,
    desiredUrl: realtor.desiredUrl,
    isMakeHomepage: realtor.isMakeHomepage,
    displayNameKo: realtor.displayNameKo,
    displayNameEn: realtor.displayNameEn,
    licenseNumber: realtor.licenseNumber,
    brokerageName: realtor.brokerageName,
    brokerageLicenseNumber: realtor.brokerageLicenseNumber,
    brokerageAddress: realtor.brokerageAddress,
    activityRegion: realtor.activityRegion,
    phoneCountryCode: realtor.phoneCountryCode,
    designFontSize: realtor.designFontSize,
    designMainColor: realtor.designMainColor,
    designMainDarkMode: realtor.designMainDarkMode,
    contentDarkMode: realtor.contentDarkMode,
    email: '',
    contactPhone: null,
    companyPhone: null,
    kakaoLink: null,
    snsYoutubeUrl: null,
    snsInstagramUrl: null,
    recommendedYoutubeUrl: null,
    hompageUrl: null,
    aboutMeKr: null,
    aboutMeEn: null,
    salesCount: null,
    lastYearSalesTotal: null,
    careerStart: null,
    careerEnd: null,
    photos: [],
    additionalSections: [],
    seoMeta: { ko: noSeo, en: noSeo },
    googleSiteVerification: null,
    naverSiteVerification: null,
    tagManagerId: null,
    testimonials: [],
  }
}

/** Spec §7 `GET /realtor/{key}`: public; an id, a desiredUrl, or an own domain. */
export async function getRealtor(services: AppServices, key: string): Promise<PublicRealtor> {
  const realtor = await findRealtor(services, key)
  if (!realtor) throw errors.realtorNotFound()
  return realtor
}

/** The same lookup for pages: undefined instead of an error, so the route can answer 404. */
export async function findRealtor(services: AppServices, key: string): Promise<PublicRealtor | undefined> {
  const id = await findRealtorIdByKey(services.db, key)
  const realtor = id ? await readRealtor(services.db, services.storage, id) : undefined
  if (!realtor) return undefined
  return realtor.isMakeHomepage === 'Y' ? toPublicRealtor(realtor) : closedSite(toPublicRealtor(realtor))
}

/** The whole resource, for the answer to its owner's create or update. */
async function readOwnedRealtor(services: AppServices, id: string): Promise<Realtor> {
  const realtor = await readRealtor(services.db, services.storage, id)
  if (!realtor) throw errors.realtorNotFound()
  return realtor
}

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE'
}

async function assertAddressesFree(services: AppServices, fields: { desiredUrl: string; hompageUrl?: string }, exceptId?: string) {
  const slugOwner = await services.db.selectFrom('realtor').select('id').where('desiredUrlKey', '=', fields.desiredUrl.toLowerCase()).executeTakeFirst()
  if (slugOwner && slugOwner.id !== exceptId) throw errors.desiredUrlTaken()
  const host = hostKeyOf(fields.hompageUrl)
  if (host) {
    // A realtor who named our own host would take over the platform's landing page and directory.
    if (isOurHost(host, services.config.ourHosts)) throw errors.domainIsOurs()
    const hostOwner = await services.db.selectFrom('realtor').select('id').where('hompageHost', '=', host).executeTakeFirst()
    if (hostOwner && hostOwner.id !== exceptId) throw errors.domainTaken()
  }
}

/** Is this desiredUrl free? For the onboarding wizard's live check. */
export async function isDesiredUrlAvailable(services: AppServices, desiredUrl: string, exceptId?: string): Promise<boolean> {
  const owner = await services.db.selectFrom('realtor').select('id').where('desiredUrlKey', '=', desiredUrl.toLowerCase()).executeTakeFirst()
  return !owner || owner.id === exceptId
}

/** Spec §7 `POST /realtor` → 201. One realtor per account unless the actor is an admin. */
export async function createRealtor(services: AppServices, actor: Actor | null, input: unknown): Promise<Realtor> {
  if (!actor) throw errors.unauthorized()
  const fields = parseInput(realtorInputSchema, input)
  if (!actor.isAdmin) {
    const existing = await services.db.selectFrom('realtor').select('id').where('userId', '=', actor.userId).executeTakeFirst()
    if (existing) throw errors.oneRealtorPerAccount()
  }
  await assertAddressesFree(services, fields)
  const added = await assertAddedPhotosStored(services.storage, services.config.uploadMaxBytes, {
    previousUrls: [],
    photos: fields.photos,
    uploaders: [uploadFolderOf(services.config.signingSecret, actor.userId)],
  })
  await makeAddedPhotoVariants(services, added)
  const id = randomUUID()
  try {
    await services.db.transaction().execute(async (trx) => {
      await writeRealtor(trx, { id, userId: actor.userId, fields: withStoredPhotos(services, fields), now: services.now().toISOString(), isNew: true })
      await enqueuePurge(trx, services, realtorSurrogateKeys([id]))
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.desiredUrlTaken()
    throw error
  }
  announcePurge(services.config.cdnPurge, realtorSurrogateKeys([id]))
  return readOwnedRealtor(services, id)
}

/**
 * The whole resource for its owner or an admin: the editor reads this, not the public
 * answer, so what visitors never see (hidden reviews) comes back into the form.
 */
export async function ownedRealtor(services: AppServices, actor: Actor | null, id: string): Promise<Realtor> {
  if (!actor) throw errors.unauthorized()
  const realtor = await readRealtor(services.db, services.storage, id)
  if (!realtor) throw errors.realtorNotFound()
  if (!canManage(actor, realtor)) throw errors.forbidden()
  return realtor
}

/** The fields as stored: our photos by key, so their URLs follow the public base (issue 32). */
function withStoredPhotos(services: AppServices, fields: RealtorFields): RealtorFields {
  return { ...fields, photos: fields.photos.map((photo) => ({ ...photo, url: storedPhotoAddress(services.storage, photo.url) })) }
}

/**
 * The width variants of the photos a save adds, made before the save is written so the first page
 * rendered after it already offers them. On the local driver the upload made them (the row is
 * there, nothing to do); on S3 the browser sent the file straight to the bucket, so this is the
 * first time the server can read it. A photo whose variants fail is saved all the same and shows
 * its original, as before variants existed; `scripts/photo-variants.ts` can try it again.
 */
async function makeAddedPhotoVariants(services: AppServices, keys: ReadonlyArray<string>): Promise<void> {
  if (keys.length === 0) return
  const result = await ensurePhotoVariants(services, keys)
  for (const failure of result.failed) componentLogger('uploads').warn({ key: failure.key, reason: failure.reason }, 'photo variants not made')
}

/**
 * Removes the stored files (with thumbnails and width variants) of photos a realtor no longer shows, unless
 * another realtor shows the same file: photo URLs are public, so a realtor could add someone
 * else's picture and drop it again, and that must not delete the other realtor's file.
 * Best effort: a file left behind costs storage, a failed delete must not fail the save.
 */
async function deleteUnusedPhotoFiles(services: AppServices, urls: ReadonlyArray<string>): Promise<void> {
  const originals = new Set<string>()
  for (const url of urls) {
    const key = storedPhotoKey(storedPhotoAddress(services.storage, url))
    if (key) originals.add(key)
  }
  if (originals.size === 0) return
  const stillShown = await services.db
    .selectFrom('realtorPhoto')
    .select('url')
    .where('url', 'in', [...originals])
    .execute()
  for (const { url } of stillShown) originals.delete(url)
  if (originals.size === 0) return
  try {
    const keys = await withDerivedKeys(services.db, originals)
    // A thumbnail entry another realtor's list names by itself stays with that list.
    const shownDerived = await services.db.selectFrom('realtorPhoto').select('url').where('url', 'in', keys).execute()
    const shown = new Set(shownDerived.map((row) => row.url))
    await services.storage.delete(keys.filter((key) => !shown.has(key)))
    await forgetPhotoVariants(services.db, originals)
  } catch {
    // Left to the hourly cleanup, which removes files no page names with their variants and rows.
  }
}

/** A PATCH body: fields by name, each checked by the realtor schema after the merge. */
const patchBodySchema = z.record(z.string(), z.unknown())

/**
 * Spec §7 `PATCH /realtor/{id}` → 200. The body holds the fields to change; `photos`, when
 * present, is the full new list (the client merges its existing photos with the newly
 * uploaded ones, as the spec describes). Files of dropped photos are removed from storage.
 */
export async function updateRealtor(services: AppServices, actor: Actor | null, id: string, patch: unknown): Promise<Realtor> {
  const current = await ownedRealtor(services, actor, id)
  // `null`, a list or a number is valid JSON but no set of fields: the same 400 as every body endpoint's.
  const changes = parseInput(patchBodySchema, patch)
  const { id: _id, userId: _userId, createdAt: _createdAt, updatedAt: _updatedAt, ...editable } = current
  const fields = parseInput(realtorInputSchema, { ...editable, ...changes })
  await assertAddressesFree(services, fields, id)
  const added = await assertAddedPhotosStored(services.storage, services.config.uploadMaxBytes, {
    previousUrls: current.photos.map((photo) => photo.url),
    photos: fields.photos,
    // The owner's uploads, and an admin's own when an admin edits the page.
    uploaders: (actor ? [current.userId, actor.userId] : [current.userId]).map((userId) => uploadFolderOf(services.config.signingSecret, userId)),
  })
  await makeAddedPhotoVariants(services, added)
  try {
    await services.db.transaction().execute(async (trx) => {
      await writeRealtor(trx, { id, userId: current.userId, fields: withStoredPhotos(services, fields), now: services.now().toISOString(), isNew: false })
      await enqueuePurge(trx, services, realtorSurrogateKeys([id]))
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.desiredUrlTaken()
    throw error
  }
  // Compared as stored: the same file may come back under the URL of an earlier public base.
  const kept = new Set(fields.photos.map((photo) => storedPhotoAddress(services.storage, photo.url)))
  const dropped = current.photos.map((photo) => photo.url).filter((url) => !kept.has(storedPhotoAddress(services.storage, url)))
  announcePurge(services.config.cdnPurge, realtorSurrogateKeys([id]))
  await deleteUnusedPhotoFiles(services, dropped)
  return readOwnedRealtor(services, id)
}

/** Spec §7 `DELETE /realtor/{id}` → 200, with its photos removed from storage. */
export async function deleteRealtor(services: AppServices, actor: Actor | null, id: string): Promise<{ id: string }> {
  const current = await ownedRealtor(services, actor, id)
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('realtor').where('id', '=', id).execute()
    await bumpRevisions(trx, 'realtors')
    await enqueuePurge(trx, services, realtorSurrogateKeys([id]))
  })
  announcePurge(services.config.cdnPurge, realtorSurrogateKeys([id]))
  await deleteUnusedPhotoFiles(
    services,
    current.photos.map((photo) => photo.url),
  )
  return { id }
}
