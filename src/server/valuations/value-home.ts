import { LRUCache } from 'lru-cache'
import { valuationRequestSchema, type ValuationAnswer, type ValuationComparable } from '~/schemas/valuations'
import { errors, parseInput } from '~/server/app-error'
import type { RevisionSnapshot } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'
import { findComparableCandidates, type StoredComparable } from './comparables'
import { estimateHomeValue, indexPlace, MIN_COMPARABLES, nearestInPlace, type ChosenComparable, type PlaceHomes, type ValuationSubject } from './estimate'
import type { ComparableQuery } from './comparables'
import { assertZipInCity } from './zip-cities'

function statusOf(home: StoredComparable): ValuationComparable['status'] {
  if (home.basis === 'sold') return 'sold'
  return home.status === 'Active' ? 'active' : 'pending'
}

function toComparable(home: ChosenComparable<StoredComparable>): ValuationComparable {
  const facts = {
    listingKey: home.listingKey,
    price: home.price,
    pricePerSquareFoot: Math.round(home.pricePerSquareFoot),
    beds: home.beds,
    baths: home.baths,
    // The estimator only chooses homes with an area.
    livingArea: home.livingArea ?? 0,
    status: statusOf(home),
    date: home.date.slice(0, 10),
  }
  // Where the MLS withholds the address, nothing says where the home is: not its ZIP either
  // (issue 48 item 4), nor a position or a distance should the answer ever carry one.
  return home.address === null ? { ...facts, address: null } : { ...facts, address: home.address, sameZip: home.sameZip }
}

/**
 * A home's estimated value (`POST /valuations`, the home-value page with and without scripts).
 * Nothing is stored and nothing about the visitor is read: the address only picks the ZIP and city
 * whose homes are compared (the street is asked so the visitor names the home, and is not used).
 * A ZIP our listings place in other cities than the one given is a field error (zip-cities.ts).
 * The realtor must have a published homepage, whose page the answer belongs to.
 */
export async function valueHome(services: AppServices, input: unknown): Promise<ValuationAnswer> {
  const request = parseInput(valuationRequestSchema, input)
  const revisions = await services.revisions.current()
  if (!(await hasHomepage(services, revisions, request.realtorId))) throw errors.realtorNotFound()
  await assertZipInCity(services, revisions, request)
  const subject: ValuationSubject = {
    postalCode: request.postalCode,
    city: request.city,
    beds: request.beds,
    baths: request.baths,
    livingArea: request.livingArea,
    yearBuilt: request.yearBuilt,
  }
  const query: ComparableQuery = { propertyType: request.propertyType, state: request.state, city: request.city, postalCode: request.postalCode }
  const candidates = nearestInPlace(subject, await placeCandidates(services, revisions, query))
  const result = estimateHomeValue(subject, candidates)
  const facts = { comparableCount: result.comparables.length, minimumComparables: MIN_COMPARABLES, comparables: result.comparables.map(toComparable) }
  if (result.kind === 'too_few') return { status: 'too_few', ...facts }
  return { status: 'estimate', low: result.low, typical: result.typical, high: result.high, basis: result.basis, ...facts }
}

/** Places (a type in a ZIP and its city) whose candidates a process keeps: a few MB at most. */
const CACHED_PLACES = 256

/** Each process's candidates by place and listings revision, by living area; per services, as tests run several apps in one process. */
const candidateCaches = new WeakMap<AppServices, LRUCache<string, Promise<PlaceHomes<StoredComparable>>>>()

/**
 * The candidates of a place, read once per listings revision (issue 27 item 8). Listings change only
 * when an import or the seed writes them, which moves the 'listings' revision in the same transaction
 * (decision 009), so an answer never rests on homes older than the last acknowledged import. Every
 * other answer for the place is the estimator's work over homes in memory: no query but the revision
 * read the page store batches anyway (the realtor's is kept per realtors revision, `hasHomepage`).
 */
async function placeCandidates(services: AppServices, { listings }: RevisionSnapshot, query: ComparableQuery): Promise<PlaceHomes<StoredComparable>> {
  let cache = candidateCaches.get(services)
  if (!cache) {
    cache = new LRUCache({ max: CACHED_PLACES })
    candidateCaches.set(services, cache)
  }
  const key = JSON.stringify([
    listings,
    query.propertyType,
    query.state.trim().toUpperCase(),
    query.city.trim().toLowerCase(),
    query.postalCode.trim().slice(0, 5),
  ])
  const cached = cache.get(key)
  if (cached) return cached
  // Every query with this key shares the ZIP's first five digits and the city's lower case, all
  // that indexPlace reads of the place, so the index serves each of them.
  const reading = findComparableCandidates(services.db, services.config.displayProfiles, query, services.dbKind === 'sqlite').then((homes) =>
    indexPlace(
      query,
      homes.filter((home) => home.livingArea !== null && home.livingArea > 0).sort((a, b) => (a.livingArea ?? 0) - (b.livingArea ?? 0)),
    ),
  )
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
