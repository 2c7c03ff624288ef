import type { Kysely } from 'kysely'
import { directoryQuerySchema, type DirectoryCard, type DirectoryCity, type DirectoryPage, type DirectoryQuery } from '~/schemas/directory'
import { regionStateSchema } from '~/schemas/realtor'
import type { Database } from '~/server/db/schema'
import { parseInput } from '~/server/app-error'
import { dependsOn } from '~/server/pages/page-dependencies'
import type { AppServices } from '~/server/services'
import { parseVariantWidths } from '~/lib/photo-variants'
import { photoUrlOf } from '~/server/uploads/photo-address'

function filtered(db: Kysely<Database>, state: string | undefined, city: string | undefined) {
  let query = db.selectFrom('realtor').where('realtor.isMakeHomepage', '=', 'Y')
  if (state || city) {
    // EXISTS keeps one row per realtor however many regions match; served by
    // activity_region_place_idx (state, city_key, realtor_id).
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('activityRegion')
          .select('activityRegion.realtorId')
          .whereRef('activityRegion.realtorId', '=', 'realtor.id')
          .$if(state !== undefined, (sub) => sub.where('activityRegion.state', '=', state ?? ''))
          .$if(city !== undefined, (sub) => sub.where('activityRegion.cityKey', '=', (city ?? '').toLowerCase())),
      ),
    )
  }
  return query
}

/**
 * The public directory of published homepages (issue 7): filters by state and city,
 * newest change first, paged. Only public fields leave the server.
 */
export async function listDirectory(services: AppServices, input: unknown): Promise<DirectoryPage> {
  const query = parseInput(directoryQuerySchema, input)
  // Not cached here: the page and the REST answer are kept in the page store (decision 009).
  dependsOn('realtors')
  return loadDirectoryPage(services, query)
}

async function loadDirectoryPage(services: AppServices, { state, city, page, pageSize }: DirectoryQuery): Promise<DirectoryPage> {
  const { db } = services
  const [countRow, rows] = await Promise.all([
    filtered(db, state, city)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
    filtered(db, state, city)
      .select([
        'realtor.id',
        'realtor.desiredUrl',
        'realtor.displayNameKo',
        'realtor.displayNameEn',
        'realtor.brokerageName',
        'realtor.aboutMeKr',
        'realtor.aboutMeEn',
        'realtor.updatedAt',
      ])
      .orderBy('realtor.updatedAt', 'desc')
      .orderBy('realtor.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ])
  const total = Number(countRow?.count ?? 0)
  const ids = rows.map((row) => row.id)
  const [regions, photos] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.selectFrom('activityRegion').select(['realtorId', 'state', 'city', 'neighborhood']).where('realtorId', 'in', ids).orderBy('sortOrder').execute(),
          db
            .selectFrom('realtorPhoto')
            // A photo's variants are found by its stored key (photo-variants.ts).
            .leftJoin('photoVariant', 'photoVariant.key', 'realtorPhoto.url')
            .select(['realtorId', 'path', 'url', 'photoVariant.widths'])
            .where('realtorId', 'in', ids)
            .where('path', 'in', ['id', 'top', 'logo'])
            .where('imageType', '=', 'fullsize')
            .orderBy('sortOrder')
            .execute(),
        ])
  const realtors: Array<DirectoryCard> = rows.map((row) => {
    const own = photos.filter((photo) => photo.realtorId === row.id)
    const photo = own.find((item) => item.path === 'id') ?? own.find((item) => item.path === 'top') ?? own.find((item) => item.path === 'logo')
    return {
      id: row.id,
      desiredUrl: row.desiredUrl,
      displayNameKo: row.displayNameKo,
      displayNameEn: row.displayNameEn,
      brokerageName: row.brokerageName,
      photoUrl: photo ? photoUrlOf(services.storage, photo.url) : null,
      ...(photo && parseVariantWidths(photo.widths).length > 0 ? { photoWidths: parseVariantWidths(photo.widths) } : {}),
      regions: regions
        .filter((region) => region.realtorId === row.id)
        .flatMap((region) => {
          const parsed = regionStateSchema.safeParse(region.state)
          return parsed.success ? [{ state: parsed.data, city: region.city, neighborhood: region.neighborhood }] : []
        }),
      languages: [...(row.aboutMeKr ? (['ko'] as const) : []), ...(row.aboutMeEn ? (['en'] as const) : [])],
      updatedAt: row.updatedAt,
    }
  })
  return { realtors, page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) }
}

/** Cities with published homepages, for the directory's filter links. */
export async function directoryCities(services: AppServices, state?: string): Promise<Array<DirectoryCity>> {
  dependsOn('realtors')
  const rows = await services.db
    .selectFrom('activityRegion')
    .innerJoin('realtor', 'realtor.id', 'activityRegion.realtorId')
    .where('realtor.isMakeHomepage', '=', 'Y')
    .$if(state !== undefined, (query) => query.where('activityRegion.state', '=', state ?? ''))
    .select([
      'activityRegion.state',
      'activityRegion.cityKey',
      (eb) => eb.fn.min('activityRegion.city').as('city'),
      (eb) => eb.fn.count('activityRegion.realtorId').distinct().as('count'),
    ])
    .groupBy(['activityRegion.state', 'activityRegion.cityKey'])
    .orderBy('activityRegion.state')
    .orderBy('activityRegion.cityKey')
    .limit(200)
    .execute()
  return rows.map((row) => ({ state: row.state, city: row.city ?? row.cityKey, count: Number(row.count) }))
}
