import { spelledPlaceName } from './place-names'
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { formatPrice } from './format'

/*
 * A saved search in words (issue 13): the same sentence on the manage page, in the realtor's
 * inbox and CSV, and in the mails. Without zod, so the homepage's "Save this search" form can
 * import the frequency names without growing its first download.
 */

export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly'] as const
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number]

export const SAVED_SEARCH_SORTS = ['newest', 'price-asc', 'price-desc'] as const
export type SavedSearchSort = (typeof SAVED_SEARCH_SORTS)[number]

/** `paused` is the realtor's pause; the alert sender reads only `active` searches. */
export const SAVED_SEARCH_STATUSES = ['pending', 'active', 'paused', 'unsubscribed'] as const
export type SavedSearchStatus = (typeof SAVED_SEARCH_STATUSES)[number]

export type SavedSearchFilters = {
  state: string
  city: string
  listingType: 'sale' | 'rent' | null
  minPrice: number | null
  maxPrice: number | null
  minBeds: number | null
  minBaths: number | null
}

type NumericFilter = 'minPrice' | 'maxPrice' | 'minBeds' | 'minBaths'

/** A stored search's filters from its row: a driver may hand numeric columns back as text. */
export function savedSearchFiltersOf(row: Omit<SavedSearchFilters, NumericFilter> & Record<NumericFilter, number | string | null>): SavedSearchFilters {
  const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value))
  return {
    state: row.state,
    city: row.city,
    listingType: row.listingType,
    minPrice: numberOrNull(row.minPrice),
    maxPrice: numberOrNull(row.maxPrice),
    minBeds: numberOrNull(row.minBeds),
    minBaths: numberOrNull(row.minBaths),
  }
}

const FREQUENCY_LABELS: Record<SavedSearchFrequency, MessageDescriptor> = {
  instant: msg`As soon as there are new homes`,
  daily: msg`Once a day`,
  weekly: msg`Once a week`,
}

const STATUS_LABELS: Record<SavedSearchStatus, MessageDescriptor> = {
  pending: msg`Waiting for confirmation`,
  active: msg`Active`,
  paused: msg`Paused`,
  unsubscribed: msg`Unsubscribed`,
}

export function frequencyLabel(frequency: SavedSearchFrequency): MessageDescriptor {
  return FREQUENCY_LABELS[frequency]
}

export function savedSearchStatusLabel(status: SavedSearchStatus): MessageDescriptor {
  return STATUS_LABELS[status]
}

export function isSavedSearchFrequency(value: unknown): value is SavedSearchFrequency {
  return SAVED_SEARCH_FREQUENCIES.some((frequency) => frequency === value)
}

/** The price band in spec §9's display ("$500K – $1.2M", "From $500K", "Up to $3K"); empty for any price. */
export function priceBandInWords(i18n: I18n, minPrice: number | null, maxPrice: number | null): string {
  const low = minPrice ? formatPrice(minPrice) : ''
  const high = maxPrice ? formatPrice(maxPrice) : ''
  if (low && high) return `${low} – ${high}`
  if (low) return i18n._(msg`From ${low}`)
  if (high) return i18n._(msg`Up to ${high}`)
  return ''
}

/**
 * "Homes for sale in Irvine, California · $500K – $1M · 3+ beds · 2+ baths": the area first,
 * then only the filters the visitor set.
 */
export function savedSearchInWords(i18n: I18n, filters: SavedSearchFilters): string {
  const place = spelledPlaceName(filters.city, filters.state, i18n.locale === 'ko' ? 'ko' : 'en')
  const head =
    filters.listingType === 'sale'
      ? i18n._(msg`Homes for sale in ${place}`)
      : filters.listingType === 'rent'
        ? i18n._(msg`Homes for rent in ${place}`)
        : i18n._(msg`Homes in ${place}`)
  const beds = filters.minBeds
  const baths = filters.minBaths
  const parts = [
    head,
    priceBandInWords(i18n, filters.minPrice, filters.maxPrice),
    beds ? i18n._(msg`${beds}+ beds`) : '',
    baths ? i18n._(msg`${baths}+ baths`) : '',
  ]
  return parts.filter((part) => part !== '').join(' · ')
}
