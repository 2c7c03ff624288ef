import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/*
 * A CMA report's words (issue 53 part 2), shared by the PDF (server) and the share page and the
 * workspace (browser), so the two renderings of one report say the same thing.
 */

export const CMA_ADJUSTMENT_LABELS: Record<'market' | 'size' | 'beds' | 'baths' | 'age' | 'lot' | 'condition' | 'view' | 'pool' | 'other', MessageDescriptor> =
  {
    market: msg({ message: 'Market conditions', context: 'CMA adjustment line' }),
    size: msg({ message: 'Living area', context: 'CMA adjustment line' }),
    beds: msg({ message: 'Bedrooms', context: 'CMA adjustment line' }),
    baths: msg({ message: 'Bathrooms', context: 'CMA adjustment line' }),
    age: msg({ message: 'Age', context: 'CMA adjustment line' }),
    lot: msg({ message: 'Lot', context: 'CMA adjustment line' }),
    condition: msg({ message: 'Condition', context: 'CMA adjustment line' }),
    view: msg({ message: 'View', context: 'CMA adjustment line' }),
    pool: msg({ message: 'Pool', context: 'CMA adjustment line' }),
    other: msg({ message: 'Other', context: 'CMA adjustment line' }),
  }

export const CMA_COMPARABLE_STATUS_LABELS: Record<'sold' | 'active' | 'pending', MessageDescriptor> = {
  sold: msg({ message: 'Sold', context: 'CMA comparable status' }),
  active: msg({ message: 'For sale', context: 'CMA comparable status' }),
  pending: msg({ message: 'Under contract', context: 'CMA comparable status' }),
}

export const CMA_PROPERTY_KIND_LABELS: Record<'single_family' | 'condo' | 'townhouse' | 'multi_family' | 'land', MessageDescriptor> = {
  single_family: msg`Single-family home`,
  condo: msg`Condo`,
  townhouse: msg`Townhouse`,
  multi_family: msg`Multi-family home`,
  land: msg`Land`,
}

/** Whole US dollars with their sign, as a CMA quotes every price and adjustment ("+$12,300", "-$4,000"). */
export function cmaDollars(amount: number, signed = false): string {
  const text = `$${Math.abs(Math.round(amount)).toLocaleString('en-US')}`
  if (amount < 0) return `-${text}`
  return signed && amount > 0 ? `+${text}` : text
}
