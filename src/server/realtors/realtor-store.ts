import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { normalizeHost } from '~/lib/host-environment'
import type { RealtorFields, Realtor } from '~/schemas/realtor'
import { yesNoSchema } from '~/schemas/realtor-fields'
import { imageTypeSchema, photoPathSchema } from '~/schemas/photo'
import { regionStateSchema } from '~/schemas/realtor'
import { TESTIMONIAL_SOURCES, type Testimonial } from '~/schemas/testimonial'
import type { Database, RealtorRow } from '~/server/db/schema'
import { dependsOnRealtor } from '~/server/pages/page-dependencies'
import { bumpRevisions } from '~/server/pages/revisions'
import { parseVariantWidths } from '~/lib/photo-variants'
import { photoUrlOf } from '~/server/uploads/photo-address'
import type { StorageDriver } from '~/server/uploads/storage-driver'

type Db = Kysely<Database> | Transaction<Database>

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The own-domain key of a hompageUrl, e.g. `https://JaneKim.com/` → `janekim.com`. */
export function hostKeyOf(hompageUrl: string | undefined | null): string | null {
  if (!hompageUrl) return null
  return normalizeHost(/^https?:\/\//i.test(hompageUrl) ? hompageUrl : `https://${hompageUrl}`) ?? null
}

/**
 * Spec §7: the key is an id, a desiredUrl, or a URL-encoded origin or host of the realtor's
 * own domain. Returns the realtor's id.
 */
export async function findRealtorIdByKey(db: Db, rawKey: string): Promise<string | undefined> {
  const key = rawKey.trim()
  if (key === '') return undefined
  if (UUID_PATTERN.test(key)) {
    const byId = await db.selectFrom('realtor').select('id').where('id', '=', key.toLowerCase()).executeTakeFirst()
    if (byId) return byId.id
  }
  if (/^[A-Za-z_-]+$/.test(key)) {
    const bySlug = await db.selectFrom('realtor').select('id').where('desiredUrlKey', '=', key.toLowerCase()).executeTakeFirst()
    if (bySlug) return bySlug.id
  }
  const host = normalizeHost(key)
  if (!host) return undefined
  const byHost = await db.selectFrom('realtor').select('id').where('hompageHost', '=', host).executeTakeFirst()
  return byHost?.id
}

function yesNo(value: string) {
  return yesNoSchema.catch('N').parse(value)
}

/**
 * Reads one realtor with its photos, regions, sections and SEO texts. Photos come back as URLs
 * under the store's public base of this start (photo-address.ts).
 */
export async function readRealtor(db: Db, storage: StorageDriver, id: string): Promise<Realtor | undefined> {
  const row = await db.selectFrom('realtor').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  // Read before its photos, regions and sections: a save in between makes the page stale, never the reverse.
  dependsOnRealtor(row.id, Number(row.revision))
  const [photos, regions, sections, seo, testimonials] = await Promise.all([
    // A photo's variants are found by its stored key, the row's `url` (photo-address.ts).
    db
      .selectFrom('realtorPhoto')
      .leftJoin('photoVariant', 'photoVariant.key', 'realtorPhoto.url')
      .select(['realtorPhoto.path', 'realtorPhoto.imageType', 'realtorPhoto.url', 'photoVariant.widths'])
      .where('realtorId', '=', id)
      .orderBy('sortOrder')
      .execute(),
    db.selectFrom('activityRegion').selectAll().where('realtorId', '=', id).orderBy('sortOrder').execute(),
    db.selectFrom('additionalSection').selectAll().where('realtorId', '=', id).orderBy('sortOrder').execute(),
    db.selectFrom('seoMeta').selectAll().where('realtorId', '=', id).execute(),
    db.selectFrom('realtorTestimonial').selectAll().where('realtorId', '=', id).orderBy('sortOrder').execute(),
  ])
  const seoFor = (lang: 'ko' | 'en') => {
    const entry = seo.find((item) => item.lang === lang)
    return {
      title: entry?.title ?? null,
      description: entry?.description ?? null,
      keywords: entry?.keywords ?? null,
      author: entry?.author ?? null,
    }
  }
  return {
    ...realtorColumns(row),
    activityRegion: regions.flatMap((region) => {
      const state = regionStateSchema.safeParse(region.state)
      return state.success ? [{ state: state.data, city: region.city, neighborhood: region.neighborhood, cityKo: region.cityKo }] : []
    }),
    photos: photos.flatMap((photo) => {
      const path = photoPathSchema.safeParse(photo.path)
      const imageType = imageTypeSchema.safeParse(photo.imageType)
      if (!path.success || !imageType.success) return []
      const widths = parseVariantWidths(photo.widths)
      const url = photoUrlOf(storage, photo.url)
      return [widths.length > 0 ? { path: path.data, imageType: imageType.data, url, widths } : { path: path.data, imageType: imageType.data, url }]
    }),
    additionalSections: sections.map((section) => ({
      id: section.id,
      titleKo: section.titleKo,
      titleEn: section.titleEn,
      bodyKo: section.bodyKo,
      bodyEn: section.bodyEn,
    })),
    seoMeta: { ko: seoFor('ko'), en: seoFor('en') },
    testimonials: testimonials.map((row): Testimonial => ({
      id: row.id,
      clientName: row.clientName,
      city: row.city,
      textKo: row.textKo,
      textEn: row.textEn,
      rating: row.rating === null ? null : Number(row.rating),
      date: row.reviewDate,
      source: TESTIMONIAL_SOURCES.find((source) => source === row.source) ?? null,
      sourceUrl: row.sourceUrl,
      hidden: Number(row.hidden) === 1,
    })),
  }
}

function realtorColumns(row: RealtorRow) {
  return {
    id: row.id,
    userId: row.userId,
    desiredUrl: row.desiredUrl,
    email: row.email,
    contactPhone: row.contactPhone,
    companyPhone: row.companyPhone,
    phoneCountryCode: row.phoneCountryCode,
    kakaoLink: row.kakaoLink,
    snsYoutubeUrl: row.snsYoutubeUrl,
    snsInstagramUrl: row.snsInstagramUrl,
    recommendedYoutubeUrl: row.recommendedYoutubeUrl,
    hompageUrl: row.hompageUrl,
    aboutMeKr: row.aboutMeKr,
    aboutMeEn: row.aboutMeEn,
    salesCount: row.salesCount === null ? null : Number(row.salesCount),
    lastYearSalesTotal: row.lastYearSalesTotal === null ? null : Number(row.lastYearSalesTotal),
    licenseNumber: row.licenseNumber,
    careerStart: row.careerStart,
    careerEnd: row.careerEnd,
    designFontSize: Number(row.designFontSize),
    designMainColor: row.designMainColor,
    designMainDarkMode: yesNo(row.designMainDarkMode),
    contentDarkMode: yesNo(row.contentDarkMode),
    isMakeHomepage: yesNo(row.isMakeHomepage),
    googleSiteVerification: row.googleSiteVerification,
    naverSiteVerification: row.naverSiteVerification,
    tagManagerId: row.tagManagerId,
    displayNameKo: row.displayNameKo,
    displayNameEn: row.displayNameEn,
    brokerageName: row.brokerageName,
    brokerageLicenseNumber: row.brokerageLicenseNumber,
    brokerageAddress: row.brokerageAddress,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** The realtor's columns from validated form fields. */
function columnsFrom(fields: RealtorFields) {
  return {
    desiredUrl: fields.desiredUrl,
    desiredUrlKey: fields.desiredUrl.toLowerCase(),
    hompageUrl: fields.hompageUrl ?? null,
    hompageHost: hostKeyOf(fields.hompageUrl),
    email: fields.email,
    contactPhone: fields.contactPhone ?? null,
    companyPhone: fields.companyPhone ?? null,
    phoneCountryCode: fields.phoneCountryCode,
    kakaoLink: fields.kakaoLink ?? null,
    snsYoutubeUrl: fields.snsYoutubeUrl ?? null,
    snsInstagramUrl: fields.snsInstagramUrl ?? null,
    recommendedYoutubeUrl: fields.recommendedYoutubeUrl ?? null,
    aboutMeKr: fields.aboutMeKr ?? null,
    aboutMeEn: fields.aboutMeEn ?? null,
    salesCount: fields.salesCount ?? null,
    lastYearSalesTotal: fields.lastYearSalesTotal ?? null,
    licenseNumber: fields.licenseNumber ?? null,
    careerStart: fields.careerStart ?? null,
    careerEnd: fields.careerEnd ?? null,
    designFontSize: fields.designFontSize,
    designMainColor: fields.designMainColor.toUpperCase(),
    designMainDarkMode: fields.designMainDarkMode,
    contentDarkMode: fields.contentDarkMode,
    isMakeHomepage: fields.isMakeHomepage,
    googleSiteVerification: fields.googleSiteVerification ?? null,
    naverSiteVerification: fields.naverSiteVerification ?? null,
    tagManagerId: fields.tagManagerId ?? null,
    displayNameKo: fields.displayNameKo ?? null,
    displayNameEn: fields.displayNameEn ?? null,
    brokerageName: fields.brokerageName ?? null,
    brokerageLicenseNumber: fields.brokerageLicenseNumber ?? null,
    brokerageAddress: fields.brokerageAddress ?? null,
  }
}

/**
 * A section (or review) sent back with the id it was saved under keeps it (issue 17: every
 * save used to give every section a new id, so nothing could follow a section from one save
 * to the next). Only an id this realtor's items had counts, once: a new item, an invented id
 * or another realtor's gets a new one.
 */
function keptIds<T extends { id?: string | undefined }>(items: ReadonlyArray<T>, previousIds: ReadonlySet<string>): Array<{ item: T; id: string }> {
  const used = new Set<string>()
  return items.map((item) => {
    const id = item.id !== undefined && previousIds.has(item.id) && !used.has(item.id) ? item.id : randomUUID()
    used.add(id)
    return { item, id }
  })
}

async function previousIdsOf(trx: Transaction<Database>, table: 'additionalSection' | 'realtorTestimonial', realtorId: string): Promise<Set<string>> {
  return new Set((await trx.selectFrom(table).select('id').where('realtorId', '=', realtorId).execute()).map((row) => row.id))
}

/**
 * Inserts or replaces a realtor and all its child rows; `fields.photos[].url` is what to store
 * (photo-address.ts: a key for our files). Run inside a transaction: the
 * realtor's revision and the site's move with it (decision 009), so every process's page
 * store sees the change at its next request.
 */
export async function writeRealtor(
  trx: Transaction<Database>,
  input: { id: string; userId: string; fields: RealtorFields; now: string; isNew: boolean },
): Promise<void> {
  const { id, fields, now } = input
  await bumpRevisions(trx, 'realtors')
  const previousSectionIds = input.isNew ? new Set<string>() : await previousIdsOf(trx, 'additionalSection', id)
  const previousTestimonialIds = input.isNew ? new Set<string>() : await previousIdsOf(trx, 'realtorTestimonial', id)
  if (input.isNew) {
    await trx
      .insertInto('realtor')
      .values({ id, userId: input.userId, ...columnsFrom(fields), createdAt: now, updatedAt: now })
      .execute()
  } else {
    await trx
      .updateTable('realtor')
      .set({ ...columnsFrom(fields), updatedAt: now, revision: sql`revision + 1` })
      .where('id', '=', id)
      .execute()
    for (const table of ['realtorPhoto', 'activityRegion', 'additionalSection', 'seoMeta', 'realtorTestimonial'] as const) {
      await trx.deleteFrom(table).where('realtorId', '=', id).execute()
    }
  }
  if (fields.photos.length > 0) {
    await trx
      .insertInto('realtorPhoto')
      .values(
        fields.photos.map((photo, index) => ({
          id: randomUUID(),
          realtorId: id,
          path: photo.path,
          imageType: photo.imageType,
          url: photo.url,
          sortOrder: index,
        })),
      )
      .execute()
  }
  if (fields.activityRegion.length > 0) {
    await trx
      .insertInto('activityRegion')
      .values(
        fields.activityRegion.map((region, index) => ({
          id: randomUUID(),
          realtorId: id,
          state: region.state,
          city: region.city,
          cityKey: region.city.toLowerCase(),
          neighborhood: region.neighborhood ?? null,
          cityKo: region.cityKo ?? null,
          sortOrder: index,
        })),
      )
      .execute()
  }
  if (fields.additionalSections.length > 0) {
    await trx
      .insertInto('additionalSection')
      .values(
        keptIds(fields.additionalSections, previousSectionIds).map(({ item: section, id: sectionId }, index) => ({
          id: sectionId,
          realtorId: id,
          titleKo: section.titleKo ?? null,
          titleEn: section.titleEn ?? null,
          bodyKo: section.bodyKo ?? null,
          bodyEn: section.bodyEn ?? null,
          sortOrder: index,
        })),
      )
      .execute()
  }
  if (fields.testimonials.length > 0) {
    await trx
      .insertInto('realtorTestimonial')
      .values(
        keptIds(fields.testimonials, previousTestimonialIds).map(({ item: testimonial, id: testimonialId }, index) => ({
          id: testimonialId,
          realtorId: id,
          clientName: testimonial.clientName,
          city: testimonial.city ?? null,
          textKo: testimonial.textKo ?? null,
          textEn: testimonial.textEn ?? null,
          rating: testimonial.rating ?? null,
          reviewDate: testimonial.date ?? null,
          source: testimonial.source ?? null,
          sourceUrl: testimonial.sourceUrl ?? null,
          hidden: testimonial.hidden ? 1 : 0,
          sortOrder: index,
        })),
      )
      .execute()
  }
  await trx
    .insertInto('seoMeta')
    .values(
      (['ko', 'en'] as const).map((lang) => ({
        realtorId: id,
        lang,
        title: fields.seoMeta[lang].title ?? null,
        description: fields.seoMeta[lang].description ?? null,
        keywords: fields.seoMeta[lang].keywords ?? null,
        author: fields.seoMeta[lang].author ?? null,
      })),
    )
    .execute()
}
