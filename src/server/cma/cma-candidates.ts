import type { CmaAdjustments, CmaSubject } from '~/schemas/cma/cma'
import { adjustedPriceOf } from '~/lib/cma-adjustments'
import type { AppServices } from '~/server/services'
import { findComparableCandidates, type StoredComparable } from '~/server/valuations/comparables'
import { comparableScore, nearestCandidates, type ValuationSubject } from '~/server/valuations/estimate'
import { adjustmentRates, distanceInMiles, matchScoreOf, suggestedAdjustments } from './cma-adjustments'

/*
 * The candidates a new CMA offers (issue 53 part 2): the estimator's own choice (the homes of the
 * type in the ZIP and then the city most like the subject, ranked by its dissimilarity), each with
 * the facts the report shows, a match score, the distance from the subject where both positions
 * are known, its first photo and a suggested adjustment grid. This is the one place that asks the
 * estimator, so its newer contract (branch cma-estimate) replaces only this file.
 */

/** How many candidates a CMA offers, and how many of the best it picks to start with. */
export const CMA_CANDIDATES = 10
export const CMA_FIRST_PICKED = 6

export type ChosenComparable = {
  listingKey: string
  status: 'sold' | 'active' | 'pending'
  basis: 'sold' | 'listed'
  price: number
  date: string
  address: string | null
  postalCode: string | null
  distanceMiles: number | null
  city: string
  beds: number | null
  baths: number | null
  livingArea: number
  yearBuilt: number | null
  lotSizeSquareFeet: number | null
  photo: string | null
  adjustments: CmaAdjustments
  adjustedPrice: number
  matchScore: number
}

function statusOf(home: StoredComparable): ChosenComparable['status'] {
  if (home.basis === 'sold') return 'sold'
  return home.status === 'Active' ? 'active' : 'pending'
}

/** `1 Test Lane, Irvine…` and `1  test lane` name the same street address. */
function streetKey(address: string): string {
  return (address.split(',')[0] ?? '').trim().toLowerCase().replace(/\s+/g, ' ')
}

/**
 * Where the subject is, when a listing of ours names its street address in its ZIP (the owner's
 * home was once listed, or is): the distances are then real. Otherwise there is no position and no
 * distance: a ZIP's centre would put a false number in front of the seller.
 */
async function subjectPosition(services: AppServices, subject: CmaSubject): Promise<{ latitude: number; longitude: number } | undefined> {
  const wanted = streetKey(subject.street)
  const rows = await services.db
    .selectFrom('home')
    .select(['unparsedAddress', 'latitude', 'longitude'])
    .where('postalCode', '=', subject.postalCode.slice(0, 5))
    .where('stateOrProvince', '=', subject.state)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .where('unparsedAddress', 'is not', null)
    .execute()
  const found = rows.find((row) => row.unparsedAddress !== null && streetKey(row.unparsedAddress) === wanted)
  if (!found || found.latitude === null || found.longitude === null) return undefined
  return { latitude: Number(found.latitude), longitude: Number(found.longitude) }
}

export async function chooseCmaComparables(services: AppServices, subject: CmaSubject): Promise<Array<ChosenComparable>> {
  const valued: ValuationSubject = {
    postalCode: subject.postalCode,
    city: subject.city,
    beds: subject.beds,
    baths: subject.baths,
    livingArea: subject.livingArea,
    yearBuilt: subject.yearBuilt,
  }
  const homes = await findComparableCandidates(services.db, services.config.displayProfiles, {
    propertyType: subject.propertyType,
    state: subject.state,
    city: subject.city,
    postalCode: subject.postalCode,
  })
  const bySize = homes.filter((home) => home.livingArea !== null && home.livingArea > 0).sort((a, b) => (a.livingArea ?? 0) - (b.livingArea ?? 0))
  const nearest = nearestCandidates(valued, bySize)
    .flatMap((home) => {
      const score = comparableScore(valued, home)
      return score === undefined ? [] : [{ home, score }]
    })
    .sort((a, b) => a.score - b.score)
    .slice(0, CMA_CANDIDATES)
  if (nearest.length === 0) return []

  const ids = nearest.map(({ home }) => home.id)
  const [extras, photos, position] = await Promise.all([
    services.db.selectFrom('home').select(['id', 'latitude', 'longitude', 'lotSizeSquareFeet']).where('id', 'in', ids).execute(),
    services.db.selectFrom('homeMedia').select(['homeId', 'mediaUrl', 'sortOrder']).where('homeId', 'in', ids).orderBy('sortOrder').execute(),
    subjectPosition(services, subject),
  ])
  const extraOf = new Map(extras.map((row) => [row.id, row]))
  const photoOf = new Map<string, string>()
  for (const row of photos) if (!photoOf.has(row.homeId)) photoOf.set(row.homeId, row.mediaUrl)

  const rates = adjustmentRates(nearest.map(({ home }) => ({ price: home.price, livingArea: home.livingArea ?? 0 })))
  // The subject's lot is not asked for: its line starts at 0 and is the realtor's.
  return nearest.map(({ home, score }) => {
    const extra = extraOf.get(home.id)
    const livingArea = home.livingArea ?? 0
    const lotSizeSquareFeet = extra?.lotSizeSquareFeet === null || extra?.lotSizeSquareFeet === undefined ? null : Number(extra.lotSizeSquareFeet)
    const adjustments = suggestedAdjustments(subject, { livingArea, beds: home.beds, baths: home.baths, yearBuilt: home.yearBuilt, lotSizeSquareFeet }, rates)
    const hidden = home.address === null
    const at = !hidden && position && extra?.latitude != null && extra.longitude != null ? { latitude: Number(extra.latitude), longitude: Number(extra.longitude) } : undefined
    return {
      listingKey: home.listingKey,
      status: statusOf(home),
      basis: home.basis,
      price: home.price,
      date: home.date.slice(0, 10),
      // Where the MLS withholds the address, nothing says where the home is (issue 48 item 4).
      address: home.address,
      postalCode: hidden ? null : home.postalCode,
      distanceMiles: at && position ? distanceInMiles(position, at) : null,
      city: home.city,
      beds: home.beds === null ? null : Number(home.beds),
      baths: home.baths === null ? null : Number(home.baths),
      livingArea,
      yearBuilt: home.yearBuilt === null ? null : Number(home.yearBuilt),
      lotSizeSquareFeet,
      photo: photoOf.get(home.id) ?? null,
      adjustments,
      adjustedPrice: adjustedPriceOf(home.price, adjustments),
      matchScore: matchScoreOf(score),
    }
  })
}
