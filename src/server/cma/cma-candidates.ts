import type { Selectable } from 'kysely'
import type { CmaAdjustments, CmaSubject } from '~/schemas/cma/cma'
import type { RankedComparable } from '~/schemas/valuations'
import { adjustedPriceOf } from '~/lib/cma-adjustments'
import type { CmaComparableTable } from '~/server/db/schema'
import type { AppServices } from '~/server/services'
import { storedPhotoAddress } from '~/server/uploads/photo-address'
import { rankComparables } from '~/server/valuations/value-home'
import { emptyAdjustments } from './cma-adjustments'

/*
 * The candidates a new CMA offers (issue 53 part 2): the estimator's ranking (`rankComparables`,
 * decision 073: by distance, size, rooms, age and recency, sales before asking prices), each with
 * the adjustments it estimated from the area's own data for living area, beds, baths, age and lot.
 * The CMA keeps the comparable's own price (what it sold or is asking for, as the seller will read
 * it) and puts what the estimator did to that price before adjusting it on a line of its own,
 * market conditions: a sale brought to today by the city's monthly trend, an asking price to what
 * homes there sell for. So a CMA's adjusted price is the estimator's, and the seller sees why.
 * Condition, view, pool and the free line start at 0 and are the realtor's. This is the one place
 * that asks the estimator.
 */

/** How many candidates a CMA offers, and how many of the best it picks to start with. */
export const CMA_CANDIDATES = 12
export const CMA_FIRST_PICKED = 6

/**
 * A chosen comparable as its row stores it, less what the CMA adds on insert (its id, CMA,
 * position and picked flag) and with its grid still an object, not the column's JSON.
 */
export type ChosenComparable = Omit<Selectable<CmaComparableTable>, 'id' | 'cmaId' | 'position' | 'picked' | 'adjustments'> & {
  adjustments: CmaAdjustments
}

/** The estimator's lines in the grid's names, in whole dollars. */
export function gridOf(ranked: Pick<RankedComparable, 'adjustments' | 'price' | 'marketPrice'>): CmaAdjustments {
  const { livingArea, beds, baths, age, lot } = ranked.adjustments
  // `+ 0` turns a rounded -0 into 0, which the grid and JSON show alike.
  return {
    ...emptyAdjustments(),
    market: Math.round(ranked.marketPrice - ranked.price) + 0,
    size: Math.round(livingArea) + 0,
    beds: Math.round(beds) + 0,
    baths: Math.round(baths) + 0,
    age: Math.round(age) + 0,
    lot: Math.round(lot) + 0,
  }
}

export async function chooseCmaComparables(services: AppServices, realtorId: string, subject: CmaSubject): Promise<Array<ChosenComparable>> {
  const ranked = await rankComparables(services, { realtorId, ...subject }, CMA_CANDIDATES)
  if (ranked.length === 0) return []
  const places = await services.db
    .selectFrom('home')
    .select(['id', 'city', 'postalCode'])
    .where(
      'id',
      'in',
      ranked.map((home) => home.id),
    )
    .execute()
  const placeOf = new Map(places.map((row) => [row.id, row]))
  return ranked.map((home) => {
    const adjustments = gridOf(home)
    const place = placeOf.get(home.id)
    // Where the MLS withholds the address, nothing says where the home is (issue 48 item 4): the
    // estimator keeps address and distance for ranking; a CMA, shown to a seller, drops them.
    const hidden = home.addressHidden || home.address === null
    return {
      listingKey: home.listingKey,
      status: home.status,
      basis: home.priceKind === 'sale' ? 'sold' : 'listed',
      price: home.price,
      date: home.date,
      address: hidden ? null : home.address,
      postalCode: hidden ? null : (place?.postalCode ?? null),
      distanceMiles: hidden ? null : home.distanceMiles,
      city: place?.city ?? subject.city,
      beds: home.beds,
      baths: home.baths,
      livingArea: home.livingArea,
      yearBuilt: home.yearBuilt,
      lotSizeSquareFeet: home.lotSquareFeet,
      photo: home.photo ? storedPhotoAddress(services.storage, home.photo.url) : null,
      adjustments,
      adjustedPrice: adjustedPriceOf(home.price, adjustments),
      matchScore: home.matchScore,
    }
  })
}
