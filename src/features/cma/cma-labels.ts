import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CmaAdjustmentFeature } from '~/schemas/cma/cma'

/*
 * The words of a CMA (issue 53), shared by the workspace's grid and the share page: each line of
 * the adjustment grid, and where a comparable stands.
 */

export const CMA_FEATURE_LABELS: Record<CmaAdjustmentFeature | 'other', MessageDescriptor> = {
  size: msg({ message: 'Living area', context: 'CMA adjustment' }),
  beds: msg({ message: 'Bedrooms', context: 'CMA adjustment' }),
  baths: msg({ message: 'Bathrooms', context: 'CMA adjustment' }),
  age: msg({ message: 'Age', context: 'CMA adjustment' }),
  lot: msg({ message: 'Lot', context: 'CMA adjustment' }),
  condition: msg({ message: 'Condition', context: 'CMA adjustment' }),
  view: msg({ message: 'View', context: 'CMA adjustment' }),
  pool: msg({ message: 'Pool', context: 'CMA adjustment' }),
  other: msg({ message: 'Other', context: 'CMA adjustment' }),
}

export const CMA_COMPARABLE_STATUS_LABELS: Record<'sold' | 'active' | 'pending', MessageDescriptor> = {
  sold: msg({ message: 'Sold', context: 'CMA comparable' }),
  active: msg({ message: 'For sale', context: 'CMA comparable' }),
  pending: msg({ message: 'Under contract', context: 'CMA comparable' }),
}

/** A signed amount of dollars as a grid or report shows it: "+$12,000", "−$8,500", "$0". */
export function signedDollars(amount: number, format: (value: number) => string): string {
  if (amount === 0) return format(0)
  return `${amount > 0 ? '+' : '−'}${format(Math.abs(amount))}`
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** Dollars to the dollar ("$1,234,500"): a CMA's figures are read line by line, not at a glance. */
export function wholeDollars(value: number): string {
  return WHOLE_DOLLARS.format(value)
}

/** A YYYY-MM-DD day in the reader's language, read in UTC so the server and the browser agree. */
export function cmaDayText(day: string, locale: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}

/** A whole-dollar amount as typed in a grid cell ("12,000", "-8500", "$3,000"); empty is 0; NaN when it is not a number. */
export function typedDollars(text: string): number {
  const cleaned = text.replace(/[\s,$]/g, '').replace(/^−/, '-')
  return cleaned === '' || cleaned === '+' || cleaned === '-' ? 0 : Number(cleaned)
}
