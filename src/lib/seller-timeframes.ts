import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/*
 * When a home's owner thinks of selling (issue 27 item 2): the seller form's choices, the lead
 * desk's line and the realtor's mail. Without zod, so the form on a public page can import it.
 */
export const SELLER_TIMEFRAMES = ['0-3', '3-6', '6-12', 'curious'] as const
export type SellerTimeframe = (typeof SELLER_TIMEFRAMES)[number]

export const SELLER_TIMEFRAME_LABELS: Record<SellerTimeframe, MessageDescriptor> = {
  '0-3': msg`Within 3 months`,
  '3-6': msg`In 3 to 6 months`,
  '6-12': msg`In 6 to 12 months`,
  curious: msg`Just curious`,
}

export function isSellerTimeframe(value: string): value is SellerTimeframe {
  return SELLER_TIMEFRAMES.some((timeframe) => timeframe === value)
}
