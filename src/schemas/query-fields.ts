import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from './messages'

/*
 * Pieces the list endpoints share: the numbers their queries read from a query string, and the
 * paging facts their answers carry beside the items.
 */

/** A whole number from a query string; `range` says what is allowed, `tooLarge` when above it differs. */
export const wholeNumber = (min: number, max: number, range: MessageDescriptor, tooLarge: MessageDescriptor = range) =>
  z.coerce
    .number({ error: messageId(msg`Enter a number`) })
    .int({ error: messageId(msg`Enter a whole number`) })
    .min(min, { error: messageId(range) })
    .max(max, { error: messageId(tooLarge) })

/** A 1-based page number; page 1 when absent. */
export const pageNumberSchema = wholeNumber(1, 10_000, msg`Enter a page number of 1 or more`, msg`This number is too large`).default(1)

/** The paging facts of a list answer, beside its items. */
export const pageFacts = {
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
}
