import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { formatNumber, formatPrice, squareFeetToPyeong, squareFeetToSquareMeters } from '~/lib/format'
import type { Lang } from '~/lib/lang'

/*
 * How a listing reads on a card and on its page, in both languages. RESO values stay in
 * the data; only these tables turn them into words. Here, below both, because the listings'
 * pages and the saved-search alert mails word a listing alike (parameters are the fields read,
 * which `HomeSummary` has).
 */

const STATUS_LABELS: Record<string, MessageDescriptor> = {
  Active: msg`For sale`,
  Pending: msg`Under contract`,
  ComingSoon: msg`Coming soon`,
  Closed: msg`Sold`,
}
const RENT_STATUS_LABELS: Record<string, MessageDescriptor> = {
  Active: msg`For rent`,
  Pending: msg`Application pending`,
  ComingSoon: msg`Coming soon`,
  Closed: msg`Rented`,
}

export function statusLabel(home: { homeStatus: string; type: string }): MessageDescriptor | undefined {
  return (home.type === 'rent' ? RENT_STATUS_LABELS : STATUS_LABELS)[home.homeStatus]
}

const PROPERTY_TYPE_LABELS: Record<string, MessageDescriptor> = {
  SingleFamilyResidence: msg`Single-family home`,
  Condominium: msg`Condo`,
  Townhouse: msg`Townhouse`,
  MultiFamily: msg`Multi-family home`,
  UnimprovedLand: msg`Land`,
}

export function propertyTypeLabel(propertyType: string): MessageDescriptor | undefined {
  return PROPERTY_TYPE_LABELS[propertyType]
}

/** Spec §9 price display; rents are monthly. */
export function homePrice(home: { price: number }): string {
  return formatPrice(home.price)
}

/** Square feet, and in Korean also ㎡ and 평, the units Korean buyers think in. */
export function areaText(sqft: number, lang: Lang): string {
  const feet = `${formatNumber(sqft)} sqft`
  if (lang === 'en') return feet
  return `${feet} (${formatNumber(squareFeetToSquareMeters(sqft))}㎡ · ${formatNumber(squareFeetToPyeong(sqft))}평)`
}
