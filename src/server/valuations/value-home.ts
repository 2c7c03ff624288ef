import { valuationRequestSchema, type ValuationAnswer, type ValuationComparable } from '~/schemas/valuations'
import { errors, parseInput } from '~/server/app-error'
import type { AppServices } from '~/server/services'
import { findComparableCandidates, type StoredComparable } from './comparables'
import {
  comparableScore,
  estimateHomeValue,
  MAX_COMPARABLES,
  MIN_COMPARABLES,
  OTHER_ZIP_PENALTY,
  type ChosenComparable,
  type ValuationSubject,
} from './estimate'
import type { ComparableQuery } from './comparables'

function statusOf(home: StoredComparable): ValuationComparable['status'] {
  if (home.basis === 'sold') return 'sold'
  return home.status === 'Active' ? 'active' : 'pending'
}

function toComparable(home: ChosenComparable<StoredComparable>): ValuationComparable {
  return {
    listingKey: home.listingKey,
    address: home.address,
    price: home.price,
    pricePerSquareFoot: Math.round(home.pricePerSquareFoot),
    beds: home.beds,
    baths: home.baths,
    // The estimator only chooses homes with an area.
    livingArea: home.livingArea ?? 0,
    sameZip: home.sameZip,
    status: statusOf(home),
    date: home.date.slice(0, 10),
  }
}

/**
 * A home's estimated value (`POST /valuations`, the home-value page with and without scripts).
 * Nothing is stored and nothing about the visitor is read: the address only picks the ZIP and city
 * whose homes are compared (the street is asked so the visitor names the home, and is not used).
 * The realtor must have a published homepage, whose page the answer belongs to.
 */
export async function valueHome(services: AppServices, input: unknown): Promise<ValuationAnswer> {
  const request = parseInput(valuationRequestSchema, input)
  const realtor = await services.db.selectFrom('realtor').select('id').where('id', '=', request.realtorId).where('isMakeHomepage', '=', 'Y').executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  const subject: ValuationSubject = {
    postalCode: request.postalCode,
    city: request.city,
    beds: request.beds,
    baths: request.baths,
    livingArea: request.livingArea,
    yearBuilt: request.yearBuilt,
  }
  const query: ComparableQuery = { propertyType: request.propertyType, state: request.state, city: request.city, postalCode: request.postalCode }
  const candidates = await nearestCandidates(services, query, subject)
  const result = estimateHomeValue(subject, candidates)
  const facts = { comparableCount: result.comparables.length, minimumComparables: MIN_COMPARABLES, comparables: result.comparables.map(toComparable) }
  if (result.kind === 'too_few') return { status: 'too_few', ...facts }
  return { status: 'estimate', low: result.low, typical: result.typical, high: result.high, basis: result.basis, ...facts }
}

/**
 * Size bands read first, narrowest first (log ratio of living area; 0.08 ≈ ±8 %). The widest is the
 * other-ZIP penalty: a home of the city outside the ZIP scores at least that.
 */
const BAND_EDGES = [0.08, OTHER_ZIP_PENALTY]

/**
 * The candidates the estimator needs, read cheaply where homes are many (issue 27 item 8). First only
 * the ZIP's homes within a narrow band of sizes around the home's: every home left out scores worse
 * than the band's edge (its size alone, or its other ZIP, costs more), so when the band holds ten
 * homes scoring below its edge, they are exactly the ten the estimator would choose from everything.
 * Otherwise a wider band, then the whole ZIP and city, as before.
 */
async function nearestCandidates(services: AppServices, query: ComparableQuery, subject: ValuationSubject): Promise<StoredComparable[]> {
  for (const edge of BAND_EDGES) {
    const band = { min: subject.livingArea * Math.exp(-edge), max: subject.livingArea * Math.exp(edge) }
    const near = await findComparableCandidates(services.db, services.config.displayProfiles, { ...query, livingArea: band, zipOnly: true })
    const scores = near.flatMap((home) => {
      const score = comparableScore(subject, home)
      return score === undefined ? [] : [score]
    })
    scores.sort((a, b) => a - b)
    const tenth = scores[MAX_COMPARABLES - 1]
    if (tenth !== undefined && tenth < edge) return near
  }
  return findComparableCandidates(services.db, services.config.displayProfiles, query)
}
