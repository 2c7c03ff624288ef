import { msg } from '@lingui/core/macro'
import { LRUCache } from 'lru-cache'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import {
  valuationRequestSchema,
  type MapPoint,
  type OutOfRangeReason,
  type RankedComparable,
  type ValuationAnswer,
  type ValuationComparable,
  type ValuationRequest,
} from '~/schemas/valuations'
import { errors, parseInput } from '~/server/app-error'
import { photosFor } from '~/server/listings/homes'
import type { RevisionSnapshot } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'
import type { CandidateIndex, SubjectLocation } from './candidate-index'
import { loadCandidateIndex, type ComparableQuery, type StoredComparable } from './comparables'
import { estimateHomeValue, milesBetween, MIN_COMPARABLES, RANGE_COVERAGE, rankCandidates, type ScoredComparable, type ValuationSubject } from './estimate'
import { assertZipInCity } from './zip-cities'

function statusOf(home: StoredComparable): ValuationComparable['status'] {
  if (home.priceKind === 'sale') return 'sold'
  return home.status === 'Active' ? 'active' : 'pending'
}

type Photo = RankedComparable['photo']

/** Rounds to a tenth of a mile: a distance more precise than that would say where a home is. */
function roundMiles(miles: number | null): number | null {
  return miles === null ? null : Math.round(miles * 10) / 10
}

/** What every view of a comparable carries, whoever it is shown to. */
function comparableFacts(home: ScoredComparable<StoredComparable>, photo: Photo) {
  return {
    id: home.id,
    listingKey: home.listingKey,
    price: home.price,
    pricePerSquareFoot: Math.round(home.pricePerSquareFoot),
    beds: home.beds,
    baths: home.baths,
    // The estimator only ranks homes with an area.
    livingArea: home.livingArea ?? 0,
    yearBuilt: home.yearBuilt,
    lotSquareFeet: home.lotSquareFeet,
    status: statusOf(home),
    date: home.date.slice(0, 10),
    priceKind: home.priceKind,
    marketPrice: home.marketPrice,
    adjustments: home.adjustments,
    adjustedPrice: home.adjustedPrice,
    matchScore: home.matchScore,
    photo,
  }
}

/**
 * The small map's square: centred on the home, wide enough for every placed comparable with a
 * margin, never under half a mile (a map of one street says nothing).
 */
function mapOf(origin: SubjectLocation | undefined, homes: readonly ScoredComparable<StoredComparable>[]) {
  const placed = homes.filter((home) => home.address !== null && home.latitude !== null && home.longitude !== null)
  if (!origin || placed.length === 0) return { spanMiles: null, pointOf: () => null }
  const offset = (home: ScoredComparable<StoredComparable>) => {
    const north =
      milesBetween(origin, { latitude: home.latitude ?? origin.latitude, longitude: origin.longitude }) * Math.sign((home.latitude ?? 0) - origin.latitude)
    const east =
      milesBetween(origin, { latitude: origin.latitude, longitude: home.longitude ?? origin.longitude }) * Math.sign((home.longitude ?? 0) - origin.longitude)
    return { north, east }
  }
  const reach = Math.max(...placed.map((home) => Math.max(Math.abs(offset(home).north), Math.abs(offset(home).east))))
  const spanMiles = Math.max(0.5, Math.round(reach * 2.3 * 10) / 10)
  const pointOf = (home: ScoredComparable<StoredComparable>): MapPoint | null => {
    if (home.address === null || home.latitude === null || home.longitude === null) return null
    const { north, east } = offset(home)
    return { x: Math.round((0.5 + east / spanMiles) * 1000) / 1000, y: Math.round((0.5 - north / spanMiles) * 1000) / 1000 }
  }
  return { spanMiles, pointOf }
}

function toComparable(home: ScoredComparable<StoredComparable>, photo: Photo, mapPoint: MapPoint | null): ValuationComparable {
  const facts = comparableFacts(home, photo)
  // Where the MLS withholds the address, nothing says where the home is: not its ZIP, its
  // distance nor its place on the map (issue 48 item 4).
  return home.address === null
    ? { ...facts, address: null }
    : { ...facts, address: home.address, sameZip: home.sameZip, distanceMiles: roundMiles(home.distanceMiles), mapPoint }
}

/** Why no number, in the reader's words: each feature beyond the span, with the span. */
function outOfRangeMessage(lang: Lang, reasons: readonly OutOfRangeReason[]): string {
  const i18n = i18nFor(lang)
  const number = new Intl.NumberFormat(lang === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: 0 })
  const parts = reasons.map(({ feature, value: raw, low: rawLow, high: rawHigh }) => {
    const [value, low, high] = [number.format(raw), number.format(rawLow), number.format(rawHigh)]
    if (feature === 'livingArea')
      return i18n._(msg`Its living area, ${value} sq ft, is beyond what the comparable homes nearby can value (${low} to ${high} sq ft).`)
    if (feature === 'beds') return i18n._(msg`Its ${value} bedrooms are beyond what the comparable homes nearby can value (${low} to ${high}).`)
    return i18n._(msg`Its ${value} bathrooms are beyond what the comparable homes nearby can value (${low} to ${high}).`)
  })
  return [
    i18n._(msg`No estimate: homes like this one have not sold or been listed nearby, and a number stretched from different homes would mislead.`),
    ...parts,
  ].join(' ')
}

type Prepared = { request: ValuationRequest; subject: ValuationSubject; origin: SubjectLocation | undefined; pool: StoredComparable[]; thisYear: number }

/**
 * Reads the request, finds where the home is and the homes near it: by distance from its own
 * listing or its ZIP's centre, else (no position known) its ZIP's and city's homes.
 */
async function prepare(services: AppServices, revisions: RevisionSnapshot, request: ValuationRequest): Promise<Prepared> {
  await assertZipInCity(services, revisions, request)
  const now = services.now()
  const index = await candidateIndex(services, revisions, { propertyType: request.propertyType, state: request.state }, now)
  const origin = index.locate(request)
  const lot = request.lotSquareFeet ?? origin?.lotSquareFeet ?? undefined
  const subject: ValuationSubject = {
    postalCode: request.postalCode,
    city: request.city,
    beds: request.beds,
    baths: request.baths,
    livingArea: request.livingArea,
    yearBuilt: request.yearBuilt,
    lotSquareFeet: lot,
    latitude: origin?.latitude,
    longitude: origin?.longitude,
  }
  const pool = origin ? index.nearby(origin, request.postalCode) : index.inPlace(subject)
  return { request, subject, origin, pool, thisYear: now.getUTCFullYear() }
}

/**
 * A home's estimated value (`POST /valuations`, the home-value page with and without scripts).
 * Nothing is stored and nothing about the visitor is read: the address only places the home among
 * the listings (decision 073). A ZIP our listings place in other cities than the one given is a
 * field error (zip-cities.ts). The realtor must have a published homepage, whose page the answer
 * belongs to. `lang` words the refusal of a home beyond its comparables.
 */
export async function valueHome(services: AppServices, input: unknown, lang: Lang): Promise<ValuationAnswer> {
  const request = parseInput(valuationRequestSchema, input)
  const revisions = await services.revisions.current()
  if (!(await hasHomepage(services, revisions, request.realtorId))) throw errors.realtorNotFound()
  const { subject, origin, pool, thisYear } = await prepare(services, revisions, request)
  const result = estimateHomeValue(subject, pool, thisYear)
  const photos = await photosFor(
    services,
    result.comparables.map((home) => home.id),
  )
  const map = mapOf(origin, result.comparables)
  const facts = {
    comparableCount: result.comparables.length,
    minimumComparables: MIN_COMPARABLES,
    comparables: result.comparables.map((home) => toComparable(home, firstPhoto(photos.get(home.id)), map.pointOf(home))),
    subjectPoint: map.spanMiles === null ? null : { x: 0.5, y: 0.5 },
    mapSpanMiles: map.spanMiles,
  }
  if (result.kind === 'too_few') return { status: 'too_few', ...facts }
  if (result.kind === 'out_of_range') {
    await loadCatalog(lang)
    return { status: 'out_of_range', message: outOfRangeMessage(lang, result.reasons), reasons: result.reasons, ...facts }
  }
  return { status: 'estimate', low: result.low, typical: result.typical, high: result.high, basis: result.basis, rangeCoverage: RANGE_COVERAGE, ...facts }
}

function firstPhoto(photos: { images: string[]; imageVariants: Array<string | null> } | undefined): Photo {
  const url = photos?.images[0]
  return url === undefined ? null : { url, variantBase: photos?.imageVariants[0] ?? null }
}

/** How many ranked comparables `rankComparables` gives by default: more than a CMA shows, for the realtor to pick from. */
export const RANKED_COMPARABLES = 20

/**
 * The candidate comparables for a home, best match first, each adjusted to the home (issue 53
 * item 1; what a CMA starts from, issue 53 item 2). `input` is what `POST /valuations` takes, parsed
 * and refused alike (400 with field errors); unlike it, the realtor need not have a published
 * homepage (whoever calls this has checked who the realtor is). Every comparable keeps its distance,
 * position and address even where the MLS withholds the address (`addressHidden`), for the realtor's
 * own eyes: a page for anyone else must drop them.
 */
export async function rankComparables(services: AppServices, input: unknown, limit = RANKED_COMPARABLES): Promise<RankedComparable[]> {
  const request = parseInput(valuationRequestSchema, input)
  const revisions = await services.revisions.current()
  const { subject, pool, thisYear } = await prepare(services, revisions, request)
  const ranked = rankCandidates(subject, pool, thisYear).slice(0, limit)
  const photos = await photosFor(
    services,
    ranked.map((home) => home.id),
  )
  return ranked.map((home) => ({
    ...comparableFacts(home, firstPhoto(photos.get(home.id))),
    address: home.storedAddress,
    addressHidden: home.address === null,
    distanceMiles: roundMiles(home.distanceMiles),
    latitude: home.latitude,
    longitude: home.longitude,
  }))
}

/**
 * Indexes a process keeps: one per property type and state (a state's homes of a type, ~20 MB for
 * 30,000 homes), so a handful of markets stay warm.
 */
const CACHED_INDEXES = 16

/** Each process's candidate indexes by listings revision, type and state; per services, as tests run several apps in one process. */
const indexCaches = new WeakMap<AppServices, LRUCache<string, Promise<CandidateIndex<StoredComparable>>>>()

/**
 * The candidates of a type in a state, read once per listings revision (issue 27 item 8) and
 * indexed by grid cell (decision 073). Listings change only when an import or the seed writes them,
 * which moves the 'listings' revision in the same transaction (decision 009), as do the market
 * snapshots the prices today rest on; so an answer never rests on homes older than the last
 * acknowledged import. A new day may move a sale's months ago: the day is part of the key.
 */
async function candidateIndex(
  services: AppServices,
  { listings }: RevisionSnapshot,
  query: ComparableQuery,
  now: Date,
): Promise<CandidateIndex<StoredComparable>> {
  let cache = indexCaches.get(services)
  if (!cache) {
    cache = new LRUCache({ max: CACHED_INDEXES })
    indexCaches.set(services, cache)
  }
  const key = JSON.stringify([listings, query.propertyType, query.state.trim().toUpperCase(), now.toISOString().slice(0, 10)])
  const cached = cache.get(key)
  if (cached) return cached
  const reading = loadCandidateIndex(services.db, services.config.displayProfiles, query, now, services.dbKind === 'sqlite')
  cache.set(key, reading)
  // A failed read is not kept: the next answer reads again.
  reading.catch(() => cache.delete(key))
  return reading
}

/** Realtors whose homepage a process remembers as published or not: a few KB. */
const CACHED_REALTORS = 1024

/** Each process's answers to "has this realtor a published homepage?", by realtors revision; per services, as above. */
const homepageCaches = new WeakMap<AppServices, LRUCache<string, Promise<boolean>>>()

/**
 * Whether the realtor has a published homepage, read once per realtors revision. Every write to a
 * realtor (publishing or not included) and every deletion moves that counter in its own
 * transaction (decision 009), as the page store relies on for the homepage itself. The read per
 * answer was the one query left on every valuation: a round trip to PostgreSQL, and a Kysely build
 * and compile on SQLite.
 */
async function hasHomepage(services: AppServices, { realtors }: RevisionSnapshot, realtorId: string): Promise<boolean> {
  let cache = homepageCaches.get(services)
  if (!cache) {
    cache = new LRUCache({ max: CACHED_REALTORS })
    homepageCaches.set(services, cache)
  }
  const key = `${realtors}\n${realtorId}`
  const cached = cache.get(key)
  if (cached) return cached
  const reading = services.db
    .selectFrom('realtor')
    .select('id')
    .where('id', '=', realtorId)
    .where('isMakeHomepage', '=', 'Y')
    .executeTakeFirst()
    .then((row) => row !== undefined)
  cache.set(key, reading)
  // A failed read is not kept: the next answer reads again.
  reading.catch(() => cache.delete(key))
  return reading
}
