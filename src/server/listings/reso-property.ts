import { z } from 'zod'
import type { HomeTable } from '~/server/db/schema'

/*
 * A RESO Data Dictionary `Property` as a RESO Web API or a RESO JSON file delivers it.
 * Only the fields the product shows are read; everything else (the listing agent's
 * direct phone and e-mail among them) is dropped here and never stored.
 */

const optionalNumber = z.number().finite().nullish()
const optionalText = z.string().nullish()

export const resoMediaSchema = z.object({
  MediaKey: optionalText,
  MediaURL: z.url({ protocol: /^https?$/ }),
  Order: z.number().int().nullish(),
  MediaCategory: optionalText,
})

export const resoPropertySchema = z.object({
  ListingKey: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9._-]+$/),
  ListPrice: z.number().finite().nonnegative(),
  OriginalListPrice: z.number().finite().nonnegative().nullish(),
  ClosePrice: z.number().finite().nonnegative().nullish(),
  CloseDate: optionalText,
  StandardStatus: z.string().min(1),
  PropertyType: z.string().min(1),
  PropertySubType: optionalText,
  BedroomsTotal: z.number().int().nonnegative().nullish(),
  BathroomsTotalInteger: z.number().int().nonnegative().nullish(),
  LivingArea: optionalNumber,
  LotSizeSquareFeet: optionalNumber,
  AssociationFee: z.number().finite().nonnegative().nullish(),
  AssociationFeeFrequency: optionalText,
  YearBuilt: z.number().int().nullish(),
  UnparsedAddress: optionalText,
  City: z.string().trim().min(1),
  StateOrProvince: z.string().trim().min(2).max(2),
  PostalCode: optionalText,
  Latitude: optionalNumber,
  Longitude: optionalNumber,
  PublicRemarks: optionalText,
  ListAgentFullName: optionalText,
  ListOfficeName: optionalText,
  OnMarketDate: optionalText,
  ModificationTimestamp: z.iso.datetime({ offset: true }),
  InternetEntireListingDisplayYN: z.boolean().nullish(),
  InternetAddressDisplayYN: z.boolean().nullish(),
  Media: z.array(resoMediaSchema).nullish(),
})
export type ResoProperty = z.infer<typeof resoPropertySchema>

/**
 * A listing as a feed gives it, in the store's columns: RESO names, normalised values. The
 * store adds what is its own (id, source, derived keys, 0/1 flags, timestamps).
 */
export type HomeRecord = Omit<
  HomeTable,
  | 'id'
  | 'source'
  | 'isDemo'
  | 'isListed'
  | 'listingType'
  | 'cityKey'
  | 'internetEntireListingDisplayYn'
  | 'internetAddressDisplayYn'
  | 'retiredAt'
  | 'contentHash'
  | 'createdAt'
  | 'updatedAt'
> & {
  internetEntireListingDisplay: boolean
  internetAddressDisplay: boolean
  media: Array<{ mediaKey: string | null; url: string }>
}

/** RESO PropertyType values that are leases; every other type is for sale. */
const LEASE_TYPES = new Set(['ResidentialLease', 'CommercialLease'])

export function listingTypeOf(propertyType: string): 'sale' | 'rent' {
  return LEASE_TYPES.has(propertyType) ? 'rent' : 'sale'
}

/**
 * Months per bill for RESO's AssociationFeeFrequency values, spelled as the Data Dictionary's
 * display names ("Semi-Annually") or its legacy keys ("SemiAnnually"). One-time and seasonal
 * fees have no monthly figure.
 */
const BILLS_PER_MONTH: Readonly<Record<string, number>> = {
  daily: 365 / 12,
  weekly: 52 / 12,
  biweekly: 26 / 12,
  semimonthly: 2,
  monthly: 1,
  bimonthly: 1 / 2,
  quarterly: 1 / 3,
  semiannually: 1 / 6,
  annually: 1 / 12,
}

/** HOA dues per month in whole cents, or null when the feed gives no fee or no usable frequency. */
export function monthlyAssociationFee(fee: number | null | undefined, frequency: string | null | undefined): number | null {
  if (fee === null || fee === undefined || !frequency) return null
  const perMonth = BILLS_PER_MONTH[frequency.toLowerCase().replace(/[^a-z]/g, '')]
  return perMonth === undefined ? null : Math.round(fee * perMonth * 100) / 100
}

export function toHomeRecord(property: ResoProperty): HomeRecord {
  const modified = new Date(property.ModificationTimestamp).toISOString()
  const onMarket = property.OnMarketDate && /^\d{4}-\d{2}-\d{2}/.test(property.OnMarketDate) ? property.OnMarketDate.slice(0, 10) : modified.slice(0, 10)
  const media = [...(property.Media ?? [])]
    .map((item, index) => ({ item, index }))
    // A feed's Order wins; items without one keep their place after the ordered ones.
    .sort((a, b) => (a.item.Order ?? Number.MAX_SAFE_INTEGER) - (b.item.Order ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
    .map(({ item }) => ({ mediaKey: item.MediaKey ?? null, url: item.MediaURL }))
  return {
    listingKey: property.ListingKey,
    listPrice: property.ListPrice,
    originalListPrice: property.OriginalListPrice ?? null,
    // A close price or date belongs to a sale; a feed that sends either on an unsold listing is ignored there.
    closePrice: property.StandardStatus === 'Closed' ? (property.ClosePrice ?? null) : null,
    closeDate:
      property.StandardStatus === 'Closed' && property.CloseDate && /^\d{4}-\d{2}-\d{2}/.test(property.CloseDate) ? property.CloseDate.slice(0, 10) : null,
    standardStatus: property.StandardStatus,
    propertyType: property.PropertyType,
    propertySubType: property.PropertySubType ?? 'Other',
    bedroomsTotal: property.BedroomsTotal ?? null,
    bathroomsTotalInteger: property.BathroomsTotalInteger ?? null,
    livingArea: property.LivingArea ?? null,
    lotSizeSquareFeet: property.LotSizeSquareFeet ?? null,
    associationFeeMonthly: monthlyAssociationFee(property.AssociationFee, property.AssociationFeeFrequency),
    yearBuilt: property.YearBuilt ?? null,
    unparsedAddress: property.UnparsedAddress ?? null,
    city: property.City,
    stateOrProvince: property.StateOrProvince.toUpperCase(),
    postalCode: property.PostalCode ?? null,
    latitude: property.Latitude ?? null,
    longitude: property.Longitude ?? null,
    publicRemarks: property.PublicRemarks ?? null,
    listAgentFullName: property.ListAgentFullName ?? null,
    listOfficeName: property.ListOfficeName ?? null,
    onMarketDate: onMarket,
    modificationTimestamp: modified,
    // RESO: an absent flag means the MLS allows display.
    internetEntireListingDisplay: property.InternetEntireListingDisplayYN ?? true,
    internetAddressDisplay: property.InternetAddressDisplayYN ?? true,
    media,
  }
}

/**
 * Reads a feed's `value` array: every valid property becomes a record, every invalid one is
 * reported by its key (or position) and skipped, so one bad listing never stops an import.
 */
export function parseResoProperties(values: ReadonlyArray<unknown>): { records: Array<HomeRecord>; rejected: Array<{ key: string; reason: string }> } {
  const records: Array<HomeRecord> = []
  const rejected: Array<{ key: string; reason: string }> = []
  values.forEach((value, index) => {
    const parsed = resoPropertySchema.safeParse(value)
    if (parsed.success) {
      records.push(toHomeRecord(parsed.data))
      return
    }
    const key = typeof value === 'object' && value !== null && 'ListingKey' in value && typeof value.ListingKey === 'string' ? value.ListingKey : `#${index}`
    rejected.push({ key, reason: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') })
  })
  return { records, rejected }
}
