import { valuationRequestSchema, type ValuationAnswer, type ValuationComparable } from '~/schemas/valuations'
import { errors, parseInput } from '~/server/app-error'
import type { AppServices } from '~/server/services'
import { findComparableCandidates, type StoredComparable } from './comparables'
import { estimateHomeValue, MIN_COMPARABLES, type ChosenComparable } from './estimate'

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
  const candidates = await findComparableCandidates(services.db, services.config.displayProfiles, {
    propertyType: request.propertyType,
    state: request.state,
    city: request.city,
    postalCode: request.postalCode,
  })
  const result = estimateHomeValue(
    {
      postalCode: request.postalCode,
      city: request.city,
      beds: request.beds,
      baths: request.baths,
      livingArea: request.livingArea,
      yearBuilt: request.yearBuilt,
    },
    candidates,
  )
  const facts = { comparableCount: result.comparables.length, minimumComparables: MIN_COMPARABLES, comparables: result.comparables.map(toComparable) }
  if (result.kind === 'too_few') return { status: 'too_few', ...facts }
  return { status: 'estimate', low: result.low, typical: result.typical, high: result.high, basis: result.basis, ...facts }
}
