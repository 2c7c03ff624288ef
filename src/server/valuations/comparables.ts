import type { Kysely } from 'kysely'
import { type PropertyKind, RESO_SUB_TYPE } from '~/schemas/home'
import type { Database } from '~/server/db/schema'
import { displayProfileFor, type DisplayProfiles } from '~/server/listings/display-profile'
import type { ComparableCandidate } from './estimate'

/** What the page may show of a comparable besides the estimator's figures. */
export type StoredComparable = ComparableCandidate & {
  listingKey: string
  /** Null when the MLS withholds the address (`InternetAddressDisplayYN` = N): the page says so. */
  address: string | null
  status: string
  /** Close date of a sale, else the day it came on the market (YYYY-MM-DD). */
  date: string
}

export type ComparableQuery = { propertyType: PropertyKind; state: string; city: string; postalCode: string }

/**
 * Candidate comparables for the estimator: homes for sale of the same type in the same ZIP or city,
 * listed on the internet and not retired (leases never count). A sale counts only where its source's
 * MLS display profile allows sold data; otherwise only active and pending listings do. The estimator
 * ranks and trims them; this only narrows the rows read.
 */
export async function findComparableCandidates(db: Kysely<Database>, profiles: DisplayProfiles, query: ComparableQuery): Promise<StoredComparable[]> {
  const rows = await db
    .selectFrom('home')
    .select([
      'id',
      'listingKey',
      'source',
      'standardStatus',
      'listPrice',
      'closePrice',
      'closeDate',
      'onMarketDate',
      'livingArea',
      'bedroomsTotal',
      'bathroomsTotalInteger',
      'yearBuilt',
      'unparsedAddress',
      'internetAddressDisplayYn',
      'city',
      'postalCode',
    ])
    .where('listingType', '=', 'sale')
    .where('isListed', '=', 1)
    .where('retiredAt', 'is', null)
    .where('propertySubType', '=', RESO_SUB_TYPE[query.propertyType])
    .where('stateOrProvince', '=', query.state.trim().toUpperCase())
    .where((eb) => eb.or([eb('postalCode', '=', query.postalCode.trim().slice(0, 5)), eb('city', '=', query.city.trim())]))
    .where('standardStatus', 'in', ['Active', 'Pending', 'ActiveUnderContract', 'Closed'])
    .execute()
  return rows.flatMap((row) => {
    const isSale = row.standardStatus === 'Closed'
    if (isSale && (row.closePrice === null || row.closeDate === null || !displayProfileFor(profiles, row.source).soldData)) return []
    const candidate: StoredComparable = {
      id: row.id,
      listingKey: row.listingKey,
      postalCode: row.postalCode ?? '',
      city: row.city,
      price: isSale && row.closePrice !== null ? row.closePrice : row.listPrice,
      livingArea: row.livingArea,
      beds: row.bedroomsTotal,
      baths: row.bathroomsTotalInteger,
      yearBuilt: row.yearBuilt,
      basis: isSale ? 'sold' : 'listed',
      address: row.internetAddressDisplayYn === 1 ? row.unparsedAddress : null,
      status: row.standardStatus,
      date: isSale && row.closeDate !== null ? row.closeDate : row.onMarketDate,
    }
    return [candidate]
  })
}
