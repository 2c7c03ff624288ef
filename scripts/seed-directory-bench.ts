import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type { Insertable, Transaction } from 'kysely'
import { seededRandom } from '~/lib/seeded-random'
import { directoryCities, listDirectory } from '~/server/directory/directory'
import type { ActivityRegionTable, Database, NewRealtorRow, RealtorPhotoTable, SeoMetaTable } from '~/server/db/schema'
import { bumpRevisions } from '~/server/pages/revisions'
import { getServices } from '~/server/process-services'

/**
 * `node scripts/run.mjs scripts/seed-directory-bench.ts [count]`: fills the configured
 * database (DATA_DIR / DATABASE_URL, as the app) with `count` (default 10 000) realtors for
 * measuring the directory (issue 7). 90 % are published; each serves one to three cities of
 * about twenty in California and Georgia; half have an `id` photo. The data is deterministic
 * (a seeded PRNG; only the UUIDs differ between runs). Rows are written directly through
 * Kysely, 500 realtors per transaction with multi-row inserts, with the column conventions of
 * src/server/realtors/realtor-store.ts. Does nothing when `bench-` realtors already exist.
 */

const PREFIX = 'bench-'
const DEFAULT_COUNT = 10_000
const MAX_COUNT = 1_000_000
const BATCH_SIZE = 500
const SEED = 0x7d1e_c7a1
/** Served by the app itself, so a browsed bench database shows no broken images. */
const PHOTO_URL = '/favicon.svg'
/** Timestamps spread over the year before this instant, so the order by updatedAt is stable. */
const BASE_TIME = Date.UTC(2026, 0, 1)
const YEAR_MS = 365 * 24 * 60 * 60 * 1000

const CITIES: Record<'CA' | 'GA', ReadonlyArray<string>> = {
  CA: ['Irvine', 'Tustin', 'Fullerton', 'Buena Park', 'Garden Grove', 'Anaheim', 'Cerritos', 'Torrance', 'Los Angeles', 'San Diego', 'San Jose'],
  GA: ['Duluth', 'Suwanee', 'Johns Creek', 'Alpharetta', 'Lawrenceville', 'Norcross', 'Atlanta', 'Marietta', 'Buford'],
}
const NEIGHBORHOODS = ['Woodbridge', 'Northwood', 'Koreatown', 'Downtown', 'Old Town', 'Lakeside']
const FAMILY_KO = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임']
const GIVEN_KO = ['민지', '서연', '지훈', '현우', '수빈', '예린', '도윤', '하은', '준서', '소라']
const FAMILY_EN = ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim']
const GIVEN_EN = ['Minji', 'Seoyeon', 'Jihoon', 'Hyunwoo', 'Subin', 'Yerin', 'Doyoon', 'Haeun', 'Junseo', 'Sora']
const BROKERAGES = ['Cozy Realty Group', 'Pacific Homes', 'Peach State Realty', 'Harbor Real Estate', null]

/** `n` in base 26 with the letters a–z, left-padded with `a` to `width` (desiredUrl allows letters only). */
export function letterCode(n: number, width: number): string {
  let code = ''
  let rest = n
  do {
    code = String.fromCharCode(97 + (rest % 26)) + code
    rest = Math.floor(rest / 26)
  } while (rest > 0)
  return code.padStart(width, 'a')
}

function parseCount(args: Array<string>): number | undefined {
  const raw = args.find((arg) => !arg.startsWith('-'))
  if (raw === undefined) return DEFAULT_COUNT
  if (!/^\d+$/.test(raw)) return undefined
  const count = Number(raw)
  return count >= 1 && count <= MAX_COUNT ? count : undefined
}

type Rows = {
  realtors: Array<NewRealtorRow>
  regions: Array<Insertable<ActivityRegionTable>>
  photos: Array<Insertable<RealtorPhotoTable>>
  seo: Array<Insertable<SeoMetaTable>>
}

function buildBatch(random: () => number, from: number, to: number, width: number): Rows {
  const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(random() * items.length)] as T
  const rows: Rows = { realtors: [], regions: [], photos: [], seo: [] }
  for (let index = from; index < to; index++) {
    const id = randomUUID()
    const desiredUrl = `${PREFIX}${letterCode(index, width)}`
    const updated = BASE_TIME - Math.floor(random() * YEAR_MS)
    const created = updated - Math.floor(random() * YEAR_MS)
    const nameKo = `${pick(FAMILY_KO)}${pick(GIVEN_KO)}`
    const nameEn = `${pick(GIVEN_EN)} ${pick(FAMILY_EN)}`
    const published = random() < 0.9
    const writesKorean = random() < 0.85
    const writesEnglish = random() < 0.85
    // Every column, in every row: a multi-row insert needs the same keys throughout.
    rows.realtors.push({
      id,
      userId: randomUUID(),
      desiredUrl,
      desiredUrlKey: desiredUrl.toLowerCase(),
      hompageUrl: null,
      hompageHost: null,
      email: `${desiredUrl}@bench.example.com`,
      contactPhone: `949${String(5_550_000 + (index % 10_000)).padStart(7, '0')}`,
      companyPhone: null,
      phoneCountryCode: 'US',
      kakaoLink: null,
      snsYoutubeUrl: null,
      snsInstagramUrl: null,
      recommendedYoutubeUrl: null,
      aboutMeKr: writesKorean ? `안녕하세요, 리얼터 ${nameKo}입니다.` : null,
      aboutMeEn: writesEnglish || !writesKorean ? `Hi, I'm ${nameEn}, a realtor.` : null,
      salesCount: Math.floor(random() * 200),
      lastYearSalesTotal: Math.floor(random() * 50_000_000),
      licenseNumber: `DRE #0${String(2_000_000 + index).slice(-7)}`,
      careerStart: null,
      careerEnd: null,
      designFontSize: 16,
      designMainColor: '#1D4ED8',
      designMainDarkMode: 'N',
      contentDarkMode: 'N',
      isMakeHomepage: published ? 'Y' : 'N',
      displayNameKo: nameKo,
      displayNameEn: nameEn,
      brokerageName: pick(BROKERAGES),
      brokerageLicenseNumber: null,
      brokerageAddress: null,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
    })

    const state = random() < 0.6 ? 'CA' : 'GA'
    const regionCount = 1 + Math.floor(random() * 3)
    const cities = [...CITIES[state]]
    for (let order = 0; order < regionCount; order++) {
      const [city] = cities.splice(Math.floor(random() * cities.length), 1)
      if (city === undefined) break
      rows.regions.push({
        id: randomUUID(),
        realtorId: id,
        state,
        city,
        cityKey: city.toLowerCase(),
        neighborhood: random() < 0.3 ? pick(NEIGHBORHOODS) : null,
        sortOrder: order,
      })
    }

    if (index % 2 === 0) {
      rows.photos.push({ id: randomUUID(), realtorId: id, path: 'id', imageType: 'fullsize', url: PHOTO_URL, sortOrder: 0 })
    }
    for (const lang of ['ko', 'en'] as const) {
      rows.seo.push({
        realtorId: id,
        lang,
        title: lang === 'ko' ? `${nameKo} 부동산` : `${nameEn} Realty`,
        description: null,
        keywords: null,
        author: null,
      })
    }
  }
  return rows
}

async function insertBatch(trx: Transaction<Database>, rows: Rows): Promise<void> {
  await trx.insertInto('realtor').values(rows.realtors).execute()
  // A running server sees the new realtors at its next request (decision 009).
  await bumpRevisions(trx, 'realtors')
  // One statement per table and batch stays under SQLite's 32 766 bound parameters
  // (500 realtors × 33 columns) and PostgreSQL's 65 535.
  if (rows.regions.length > 0) await trx.insertInto('activityRegion').values(rows.regions).execute()
  if (rows.photos.length > 0) await trx.insertInto('realtorPhoto').values(rows.photos).execute()
  await trx.insertInto('seoMeta').values(rows.seo).execute()
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now()
  const result = await work()
  return { result, ms: performance.now() - start }
}

export async function main(args: Array<string>): Promise<number> {
  const count = parseCount(args)
  if (count === undefined) {
    console.error(`usage: node scripts/run.mjs scripts/seed-directory-bench.ts [count]   (1 to ${MAX_COUNT}, default ${DEFAULT_COUNT})`)
    return 2
  }
  const services = await getServices()
  try {
    const existing = await services.db
      .selectFrom('realtor')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('desiredUrlKey', 'like', `${PREFIX}%`)
      .executeTakeFirstOrThrow()
    if (Number(existing.n) > 0) {
      console.log(`[bench-seed] ${Number(existing.n)} ${PREFIX}* realtors already exist (${services.dbKind}): nothing to do`)
      return 0
    }

    const random = seededRandom(SEED)
    let width = 1
    while (26 ** width < count) width++
    const totals = { realtors: 0, regions: 0, photos: 0, published: 0 }
    const start = performance.now()
    for (let from = 0; from < count; from += BATCH_SIZE) {
      const rows = buildBatch(random, from, Math.min(count, from + BATCH_SIZE), width)
      await services.db.transaction().execute((trx) => insertBatch(trx, rows))
      totals.realtors += rows.realtors.length
      totals.regions += rows.regions.length
      totals.photos += rows.photos.length
      totals.published += rows.realtors.filter((row) => row.isMakeHomepage === 'Y').length
    }
    const seconds = (performance.now() - start) / 1000
    console.log(
      `[bench-seed] ${services.dbKind}: inserted ${totals.realtors} realtors (${totals.published} published), ` +
        `${totals.regions} regions, ${totals.photos} photos in ${seconds.toFixed(2)} s ` +
        `(${Math.round(totals.realtors / seconds)} realtors/s, ${Math.ceil(count / BATCH_SIZE)} transactions of up to ${BATCH_SIZE})`,
    )

    // A first look at the directory's queries on the new data (the second run of each is warm).
    for (const [label, query] of [
      ['no filter, page 1', {}],
      ['state=GA, page 5', { state: 'GA', page: 5 }],
      ['city=irvine', { city: 'irvine' }],
      ['state=CA&city=Los Angeles', { state: 'CA', city: 'Los Angeles' }],
      ['no filter, page 700 (deep offset)', { page: 700 }],
    ] as const) {
      await listDirectory(services, query)
      const { result, ms } = await timed(() => listDirectory(services, query))
      console.log(`[bench-seed] directory ${label}: ${result.total} found, ${result.realtors.length} on the page, ${ms.toFixed(1)} ms`)
    }
    const cities = await timed(() => directoryCities(services))
    console.log(`[bench-seed] directory cities: ${cities.result.length} cities, ${cities.ms.toFixed(1)} ms`)
    return 0
  } finally {
    await services.close()
  }
}
