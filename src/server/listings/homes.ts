import { sql, type Kysely, type Selectable } from 'kysely'
import {
  HOME_LIST_DEFAULTS,
  homeListQuerySchema,
  homePointsQuerySchema,
  LISTING_TYPES,
  MAX_MAP_POINTS,
  PRICE_REDUCTION_DAYS,
  RESO_STATUS,
  RESO_SUB_TYPE,
  type HomeDetail,
  type HomeListPage,
  type HomeListQuery,
  type HomePoints,
  type HomePointsQuery,
  type HomeSummary,
} from '~/schemas/home'
import type { Bbox } from '~/lib/bbox'
import type { ListingSource } from '~/schemas/listing-source'
import type { Database, HomeTable } from '~/server/db/schema'
import { AppError, parseInput } from '~/server/app-error'
import { listingSourceOf, type DisplayProfiles } from './display-profile'
import { lastRunsOf } from './home-store'
import { msg } from '@lingui/core/macro'
import { dependsOn } from '~/server/pages/page-dependencies'
import { openHousesForHomes, realtorIdByDesiredUrl } from '~/server/open-houses/open-house-store'
import type { OpenHouse } from '~/schemas/open-houses'
import type { AppServices } from '~/server/services'
import { photoUrlOf } from '~/server/uploads/photo-address'
import { listingPhotoBase } from './listing-photos'
import type { StorageDriver } from '~/server/uploads/storage-driver'

/*
 * `GET /cozying-api/v1/home/list` and the homepage's listings (issue 6, decision 007).
 * `totalHomesPerGroup` is the size of the group of homes a list offers: paging runs inside
 * the newest (or cheapest, …) `totalHomesPerGroup` matches. Counting stops at the group's
 * end, so a page costs the same in a city of 50 homes and one of 50,000.
 */

export const SUMMARY_COLUMNS = [
  'home.id',
  'home.listingKey',
  'home.isDemo',
  'home.listingType',
  'home.listPrice',
  'home.standardStatus',
  'home.propertySubType',
  'home.bedroomsTotal',
  'home.bathroomsTotalInteger',
  'home.livingArea',
  'home.lotSizeSquareFeet',
  'home.yearBuilt',
  'home.unparsedAddress',
  'home.city',
  'home.stateOrProvince',
  'home.postalCode',
  'home.listAgentFullName',
  'home.listOfficeName',
  'home.onMarketDate',
  'home.internetAddressDisplayYn',
  'home.latitude',
  'home.longitude',
  'home.source',
] as const

export type SummaryRow = Pick<
  Selectable<HomeTable>,
  | 'id'
  | 'listingKey'
  | 'isDemo'
  | 'listingType'
  | 'listPrice'
  | 'standardStatus'
  | 'propertySubType'
  | 'bedroomsTotal'
  | 'bathroomsTotalInteger'
  | 'livingArea'
  | 'lotSizeSquareFeet'
  | 'yearBuilt'
  | 'unparsedAddress'
  | 'city'
  | 'stateOrProvince'
  | 'postalCode'
  | 'listAgentFullName'
  | 'listOfficeName'
  | 'onMarketDate'
  | 'internetAddressDisplayYn'
  | 'latitude'
  | 'longitude'
  | 'source'
>

/** The filters a list and a map share; a map area (`bbox`) takes the place of the city. */
export type HomeFilters = Omit<HomePointsQuery, 'bbox'> & Partial<Pick<HomeListQuery, 'state' | 'city' | 'sort'>> & { bbox?: Bbox }

const DAY_MS = 86_400_000

/** A UTC day, as RESO OnMarketDate is stored. */
function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

/**
 * The RESO statuses a `propertyStatus` asks for, or undefined for every status. A single status
 * stays an equality, which the list and map indexes (their third column) can walk.
 */
function statusCondition(choices: HomeFilters['propertyStatus']): { op: '=' | 'in'; value: string | Array<string> } | undefined {
  const statuses = choices.flatMap((choice) => (choice === 'any' ? [] : [RESO_STATUS[choice]]))
  if (statuses.length < choices.length) return undefined
  const [only] = statuses
  return statuses.length === 1 && only !== undefined ? { op: '=', value: only } : { op: 'in', value: statuses }
}

/**
 * The homes that match `query` as of `now` (which `listedWithinDays` and `priceReduced` count back from).
 * The two time filters read what a market report counts (src/server/market/market-figures.ts, decision 065):
 * new listings came on the market from N days before today up to today; a price reduction is a list price
 * below the original whose listing changed within the last 30 days.
 */
export function matching(db: Kysely<Database>, query: HomeFilters, now: Date) {
  // Newest first must walk home_list_newest_idx in order. Given a price range, SQLite
  // would rather range-scan the price index and sort every match (60 ms in Irvine's
  // 18,000 homes instead of 0.1 ms); unary plus keeps the price terms off the index.
  const price = query.sort === 'newest' ? sql<number>`+${sql.ref('home.list_price')}` : sql<number>`${sql.ref('home.list_price')}`
  const { bbox } = query
  const status = statusCondition(query.propertyStatus)
  // The equality columns in index order: the list indexes start with the city's, the map index
  // (migration 0027) with the kind's, then the address flag and the latitude range.
  const located = bbox
    ? db
        .selectFrom('home')
        .where('home.isListed', '=', 1)
        .where('home.listingType', '=', query.type)
        .$if(status !== undefined, (q) => q.where('home.standardStatus', status?.op ?? '=', status?.value ?? ''))
        // A home whose address the MLS hides has no place on a map, so no box can find it:
        // narrowing boxes could otherwise locate it.
        .where('home.internetAddressDisplayYn', '=', 1)
        .where('home.latitude', '>=', bbox.south)
        .where('home.latitude', '<=', bbox.north)
        .where('home.longitude', '>=', bbox.west)
        .where('home.longitude', '<=', bbox.east)
    : db
        .selectFrom('home')
        .where('home.isListed', '=', 1)
        .where('home.stateOrProvince', '=', query.state ?? HOME_LIST_DEFAULTS.state)
        .where('home.cityKey', '=', (query.city ?? HOME_LIST_DEFAULTS.city).toLowerCase())
        .where('home.listingType', '=', query.type)
        .$if(status !== undefined, (q) => q.where('home.standardStatus', status?.op ?? '=', status?.value ?? ''))
  const { postalCode, listedWithinDays } = query
  const subType = query.propertyType === 'any' ? undefined : RESO_SUB_TYPE[query.propertyType]
  const words = keywordsOf(query.q)
  return (
    located
      .$if(subType !== undefined, (q) => q.where('home.propertySubType', '=', subType ?? ''))
      .$if(query.minPrice !== undefined, (q) => q.where(price, '>=', query.minPrice ?? 0))
      .$if(query.maxPrice !== undefined, (q) => q.where(price, '<=', query.maxPrice ?? 0))
      .$if(query.minBeds !== undefined && query.minBeds > 0, (q) => q.where('home.bedroomsTotal', '>=', query.minBeds ?? 0))
      .$if(query.minBaths !== undefined && query.minBaths > 0, (q) => q.where('home.bathroomsTotalInteger', '>=', query.minBaths ?? 0))
      .$if(query.minSize !== undefined && query.minSize > 0, (q) => q.where('home.livingArea', '>=', query.minSize ?? 0))
      .$if(query.maxSize !== undefined, (q) => q.where('home.livingArea', '<=', query.maxSize ?? 0))
      // A feed may give ZIP+4 ("92620-1234"); the code is five digits (the schema's rule), so no LIKE wildcard can come in.
      .$if(postalCode !== undefined, (q) =>
        q.where((eb) => eb.or([eb('home.postalCode', '=', postalCode ?? ''), eb('home.postalCode', 'like', `${postalCode ?? ''}-%`)])),
      )
      .$if(words.length > 0, (q) => q.where((eb) => eb.and(words.map((word) => eb(KEYWORD_TEXT, 'like', sql<string>`${likeContaining(word)} escape '\\'`)))))
      .$if(listedWithinDays !== undefined, (q) =>
        q.where('home.onMarketDate', '>=', isoDay(new Date(now.getTime() - (listedWithinDays ?? 0) * DAY_MS))).where('home.onMarketDate', '<=', isoDay(now)),
      )
      .$if(query.priceReduced === true, (q) =>
        q
          .where('home.originalListPrice', '>', (eb) => eb.ref('home.listPrice'))
          .where('home.modificationTimestamp', '>=', new Date(now.getTime() - PRICE_REDUCTION_DAYS * DAY_MS).toISOString()),
      )
  )
}

/** Words of a keyword search: each must be found (at most 6, so a long query costs no more than a short one). */
function keywordsOf(q: string | undefined): Array<string> {
  return (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 6)
}

/**
 * What a keyword is looked for in: the street address, the city and the remarks (a neighbourhood
 * is named in one of them; the feed has no column of its own for it). Lower-cased on both sides,
 * as PostgreSQL's LIKE is case-sensitive and SQLite's is not (DESIGN §4: no reliance on LIKE case rules).
 */
// The listing number too (issue 52 item 8): the workspace's listing picker finds a home by either.
const KEYWORD_TEXT = sql<string>`lower(coalesce(${sql.ref('home.unparsed_address')}, '') || ' ' || ${sql.ref('home.city')} || ' ' || coalesce(${sql.ref('home.listing_key')}, '') || ' ' || coalesce(${sql.ref('home.public_remarks')}, ''))`

/** A LIKE pattern finding `word` anywhere, its own `%`, `_` and `\\` taken as plain characters. */
function likeContaining(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/** The columns `addressOf` reads: a home's address as its MLS lets it be shown. */
export const ADDRESS_COLUMNS = ['home.unparsedAddress', 'home.city', 'home.stateOrProvince', 'home.postalCode', 'home.internetAddressDisplayYn'] as const

/** RESO UnparsedAddress may be the whole civic address ("12 Elm St, Irvine, CA 92620"): keep the street. */
function streetOf(row: Pick<SummaryRow, 'unparsedAddress' | 'city'>): string | null {
  const address = row.unparsedAddress?.trim()
  if (!address) return null
  const cut = address.toLowerCase().lastIndexOf(`, ${row.city.trim().toLowerCase()}`)
  return cut > 0 ? address.slice(0, cut) : address
}

export function addressOf(row: Pick<SummaryRow, 'unparsedAddress' | 'city' | 'stateOrProvince' | 'postalCode' | 'internetAddressDisplayYn'>): string {
  const place = `${row.city}, ${row.stateOrProvince}`
  // MLS rule: a listing flagged for no address display shows only its city.
  if (row.internetAddressDisplayYn !== 1) return place
  return [streetOf(row), `${place}${row.postalCode ? ` ${row.postalCode}` : ''}`].filter(Boolean).join(', ')
}

export function homePath(desiredUrl: string, lang: 'ko' | 'en', listingKey: string): string {
  return `${lang === 'en' ? '/en' : ''}/${encodeURIComponent(desiredUrl)}/homes/${encodeURIComponent(listingKey)}`
}

export function toSummary(
  row: SummaryRow,
  images: Array<string>,
  link: { realtor?: string; lang: 'ko' | 'en' },
  openHouses: Array<OpenHouse> = [],
  imageVariants: Array<string | null> = [],
): HomeSummary {
  const addressShown = row.internetAddressDisplayYn === 1
  return {
    homeId: row.listingKey,
    fullAddress: addressOf(row),
    city: row.city,
    state: row.stateOrProvince,
    postalCode: addressShown ? row.postalCode : null,
    price: Number(row.listPrice),
    beds: row.bedroomsTotal === null ? null : Number(row.bedroomsTotal),
    baths: row.bathroomsTotalInteger === null ? null : Number(row.bathroomsTotalInteger),
    size: row.livingArea === null ? null : Number(row.livingArea),
    lotSizeSqft: row.lotSizeSquareFeet === null ? null : Number(row.lotSizeSquareFeet),
    yearBuilt: row.yearBuilt === null ? null : Number(row.yearBuilt),
    type: LISTING_TYPES.find((type) => type === row.listingType) ?? 'sale',
    propertyType: row.propertySubType,
    homeStatus: row.standardStatus,
    images,
    imageVariants,
    listOfficeName: row.listOfficeName,
    listAgentFullName: row.listAgentFullName,
    onMarketDate: row.onMarketDate,
    isDemo: Number(row.isDemo) === 1,
    sourceId: row.source,
    url: link.realtor ? homePath(link.realtor, link.lang, row.listingKey) : null,
    // The position would give the hidden address away.
    latitude: addressShown && row.latitude !== null ? Number(row.latitude) : null,
    longitude: addressShown && row.longitude !== null ? Number(row.longitude) : null,
    openHouses,
  }
}

type MediaRow = { homeId: string; mediaUrl: string; mediaHash: string | null }

async function mediaRowsFor(db: Kysely<Database>, homeIds: Array<string>, perHome?: number): Promise<Array<MediaRow>> {
  if (homeIds.length === 0) return []
  return db
    .selectFrom('homeMedia')
    .select(['homeId', 'mediaUrl', 'mediaHash'])
    .where('homeId', 'in', homeIds)
    .$if(perHome !== undefined, (query) => query.where('sortOrder', '<', perHome ?? 0))
    .orderBy('homeId')
    .orderBy('sortOrder')
    .execute()
}

function groupByHome<T>(rows: ReadonlyArray<MediaRow>, value: (row: MediaRow) => T): Map<string, Array<T>> {
  const byHome = new Map<string, Array<T>>()
  for (const row of rows) {
    const list = byHome.get(row.homeId) ?? []
    list.push(value(row))
    byHome.set(row.homeId, list)
  }
  return byHome
}

/** Each home's photo URLs in order; the demo's own images under today's public base (photo-address.ts). */
export async function imagesFor(db: Kysely<Database>, storage: StorageDriver, homeIds: Array<string>, perHome?: number): Promise<Map<string, Array<string>>> {
  return groupByHome(await mediaRowsFor(db, homeIds, perHome), (row) => photoUrlOf(storage, row.mediaUrl))
}

type HomePhotos = { images: Array<string>; imageVariants: Array<string | null> }

/**
 * What a page shows of each home's photos: their URLs, and for a feed's photos on a host the
 * server fetches from, the path their width variants are named from (listing-photos.ts); the
 * list is empty when no photo of the home has any (a demo home's), not a null per photo.
 */
export async function photosFor(services: Pick<AppServices, 'db' | 'storage' | 'config'>, homeIds: Array<string>): Promise<Map<string, HomePhotos>> {
  const settings = services.config.listingPhotos
  const rows = groupByHome(await mediaRowsFor(services.db, homeIds), (row) => ({
    url: photoUrlOf(services.storage, row.mediaUrl),
    variantBase: listingPhotoBase(settings, row.mediaUrl, row.mediaHash) ?? null,
  }))
  const photos = new Map<string, HomePhotos>()
  for (const [homeId, list] of rows) {
    const imageVariants = list.map((photo) => photo.variantBase)
    photos.set(homeId, { images: list.map((photo) => photo.url), imageVariants: imageVariants.some((base) => base !== null) ? imageVariants : [] })
  }
  return photos
}

/**
 * One page of listed homes; the homepage calls this, the REST endpoint its JSON twin. Not
 * cached here: both are answered from the page store, which knows when listings change
 * (decision 009); a cache of its own would hand the store lists older than the revision.
 */
export async function listHomes(services: AppServices, input: unknown): Promise<HomeListPage> {
  return listHomesFor(services, parseInput(homeListQuerySchema, input))
}

/** The same for a query already parsed (a server function's validator did): parsing twice would read a map's box as text. */
export async function listHomesFor(services: AppServices, query: HomeListQuery): Promise<HomeListPage> {
  dependsOn('listings')
  return loadHomeList(services, query, services.now())
}

/** `GET /home/list`'s body. */
export async function listHomesJson(services: AppServices, input: unknown): Promise<string> {
  return JSON.stringify(await listHomes(services, input))
}

/**
 * What the pages must say about the sources of these listings (issue 15): each one's display
 * profile and last successful run. Read with the listings, inside the stored render: a run
 * moves the listings revision, so a stored page never shows an older time than the data it holds.
 */
export async function sourcesOf(db: Kysely<Database>, profiles: DisplayProfiles, sources: ReadonlyArray<string>): Promise<Array<ListingSource>> {
  const unique = [...new Set(sources)].sort()
  const lastRuns = await lastRunsOf(db, unique)
  return unique.map((source) => listingSourceOf(profiles, source, lastRuns.get(source) ?? null))
}

export async function loadHomeList(services: Pick<AppServices, 'db' | 'storage' | 'config'>, query: HomeListQuery, now: Date): Promise<HomeListPage> {
  const { db } = services
  const { currentPage, homesPerPage, totalHomesPerGroup } = query
  const offset = (currentPage - 1) * homesPerPage
  const pageSize = Math.max(0, Math.min(homesPerPage, totalHomesPerGroup - offset))
  const inGroup = await db
    .selectFrom(
      matching(db, query, now)
        .select(sql<number>`1`.as('one'))
        .limit(totalHomesPerGroup + 1)
        .as('grouped'),
    )
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst()
  const matches = Number(inGroup?.count ?? 0)
  const rows = pageSize === 0 ? [] : await orderedSummaries(db, query, now).limit(pageSize).offset(offset).execute()
  const homeIds = rows.map((row) => row.id)
  // One query each for the page's photos and open houses, whatever the page size (never one per home).
  const [photos, openHouses] = await Promise.all([
    photosFor(services, homeIds),
    openHousesForHomes(db, homeIds, { realtorId: await realtorIdByDesiredUrl(db, query.realtor), now }),
  ])
  const totalHomes = Math.min(matches, totalHomesPerGroup)
  return {
    homes: rows.map((row) => {
      const photo = photos.get(row.id)
      return toSummary(row, photo?.images ?? [], { realtor: query.realtor, lang: query.lang }, openHouses.get(row.id) ?? [], photo?.imageVariants)
    }),
    currentPage,
    homesPerPage,
    totalHomesPerGroup,
    totalHomes,
    totalPages: Math.max(1, Math.ceil(totalHomes / homesPerPage)),
    hasMoreThanGroup: matches > totalHomesPerGroup,
    sources: await sourcesOf(
      db,
      services.config.displayProfiles,
      rows.map((row) => row.source),
    ),
  }
}

/** The matching homes' summaries in the chosen order, the id last so that pages never overlap. */
function orderedSummaries(db: Kysely<Database>, query: HomeListQuery, now: Date) {
  const page = matching(db, query, now).select(SUMMARY_COLUMNS)
  const { sort } = query
  switch (sort) {
    case 'newest':
      return page.orderBy('home.onMarketDate', 'desc').orderBy('home.id', 'desc')
    case 'price_asc':
    case 'price_desc': {
      const direction = sort === 'price_asc' ? 'asc' : 'desc'
      return page.orderBy('home.listPrice', direction).orderBy('home.id', direction)
    }
    case 'size_asc':
    case 'size_desc': {
      const direction = sort === 'size_asc' ? 'asc' : 'desc'
      // Homes without a living area come last either way; SQLite and PostgreSQL would put NULL at opposite ends.
      return page
        .orderBy(sql`${sql.ref('home.living_area')} is null`)
        .orderBy('home.livingArea', direction)
        .orderBy('home.id', direction)
    }
  }
}

/**
 * `GET /home/points`: the position, price and status of every matching home in a map area,
 * at most MAX_MAP_POINTS (the most recently listed first, so a crowded area shows what is new).
 * Answered from the page store like the list, keyed by the snapped box.
 */
export async function listHomePoints(services: AppServices, input: unknown): Promise<HomePoints> {
  const query = parseInput(homePointsQuerySchema, input)
  dependsOn('listings')
  const rows = await matching(services.db, query, services.now())
    .select(['home.listingKey', 'home.latitude', 'home.longitude', 'home.listPrice', 'home.standardStatus'])
    .orderBy('home.onMarketDate', 'desc')
    .orderBy('home.id', 'desc')
    .limit(MAX_MAP_POINTS + 1)
    .execute()
  const points = rows.slice(0, MAX_MAP_POINTS).flatMap((row) =>
    row.latitude === null || row.longitude === null
      ? []
      : [
          {
            homeId: row.listingKey,
            latitude: Number(row.latitude),
            longitude: Number(row.longitude),
            price: Number(row.listPrice),
            homeStatus: row.standardStatus,
          },
        ],
  )
  return { points, bbox: query.bbox, truncated: rows.length > MAX_MAP_POINTS }
}

const homeNotFound = () => new AppError('NOT_FOUND', msg`This home is no longer listed`)

/**
 * A listed home's detail. Retired listings and those the MLS keeps off the internet are
 * not found; a hidden address also hides the map position.
 */
export async function getHomeDetail(
  services: AppServices,
  listingKey: string,
  link: { realtor?: string; lang: 'ko' | 'en' } = { lang: 'ko' },
): Promise<HomeDetail> {
  dependsOn('listings')
  if (listingKey.length === 0 || listingKey.length > 128) throw homeNotFound()
  const row = await services.db
    .selectFrom('home')
    .select([...SUMMARY_COLUMNS, 'home.publicRemarks', 'home.modificationTimestamp', 'home.associationFeeMonthly'])
    .where('home.listingKey', '=', listingKey)
    .where('home.isListed', '=', 1)
    .executeTakeFirst()
  if (!row) throw homeNotFound()
  const realtorId = await realtorIdByDesiredUrl(services.db, link.realtor)
  const [photos, [listingSource], openHouses] = await Promise.all([
    photosFor(services, [row.id]),
    sourcesOf(services.db, services.config.displayProfiles, [row.source]),
    openHousesForHomes(services.db, [row.id], { realtorId, now: services.now() }),
  ])
  if (!listingSource) throw homeNotFound()
  const addressHidden = row.internetAddressDisplayYn !== 1
  return {
    ...toSummary(row, photos.get(row.id)?.images ?? [], link, openHouses.get(row.id) ?? [], photos.get(row.id)?.imageVariants),
    streetAddress: addressHidden ? null : streetOf(row),
    publicRemarks: row.publicRemarks,
    addressHidden,
    modificationTimestamp: row.modificationTimestamp,
    associationFeeMonthly: row.associationFeeMonthly === null ? null : Number(row.associationFeeMonthly),
    listingSource,
  }
}
