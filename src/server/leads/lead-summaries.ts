import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Kysely } from 'kysely'
import { savedSearchFiltersOf, savedSearchInWords } from '~/lib/saved-search-words'
import { isSellerTimeframe, SELLER_TIMEFRAME_LABELS } from '~/lib/seller-timeframes'
import type { LeadKind } from '~/schemas/leads'
import type { Database, TourRequestTable } from '~/server/db/schema'

/*
 * The one line the lead desk shows under a lead's name, read from the kind's own row: a
 * message's opening words, a saved search's filters in words. One batched query per kind on a
 * page, whatever its size. A kind without an entry here (a kind added later, until it brings
 * its own) simply shows no line: the desk works for it all the same.
 */

/** How much of a message the list shows; the whole text stays in the Messages view. */
export const SUMMARY_LENGTH = 140

type SummaryReader = (db: Kysely<Database>, ids: ReadonlyArray<string>, i18n: I18n) => Promise<Map<string, string>>

/** The first `length` characters (whole code points, so no half of an emoji or a Hangul pair), with "…" when cut. */
export function shorten(text: string, length = SUMMARY_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const characters = Array.from(flat)
  return characters.length <= length
    ? flat
    : `${characters
        .slice(0, length - 1)
        .join('')
        .trimEnd()}…`
}

/** Where a tour request stands, in the words of the lead desk's one line. */
export const TOUR_STATUS_WORDS: Record<TourRequestTable['status'], MessageDescriptor> = {
  requested: msg`waiting for your answer`,
  confirmed: msg`confirmed`,
  proposed: msg`another time proposed`,
  cancelled: msg`cancelled`,
  declined: msg`declined`,
}

const SUMMARY_READERS: Partial<Record<LeadKind, SummaryReader>> = {
  seller: async (db, ids, i18n) => {
    const rows = await db.selectFrom('sellerLead').select(['id', 'street', 'city', 'timeframe']).where('id', 'in', ids).execute()
    return new Map(
      rows.map((row) => {
        const home = `${row.street}, ${row.city}`
        const when = isSellerTimeframe(row.timeframe) ? ` · ${i18n._(SELLER_TIMEFRAME_LABELS[row.timeframe])}` : ''
        return [row.id, `${i18n._(msg`Valuation of ${home}`)}${when}`]
      }),
    )
  },
  message: async (db, ids) => {
    const rows = await db.selectFrom('contactMessage').select(['id', 'message']).where('id', 'in', ids).execute()
    return new Map(rows.map((row) => [row.id, shorten(row.message)]))
  },
  tour: async (db, ids, i18n) => {
    const rows = await db.selectFrom('tourRequest').select(['id', 'mode', 'listingAddress', 'status']).where('id', 'in', ids).execute()
    return new Map(
      rows.map((row) => {
        const address = row.listingAddress
        const what = row.mode === 'video' ? i18n._(msg`Video tour of ${address}`) : i18n._(msg`In-person tour of ${address}`)
        return [row.id, `${what} · ${i18n._(TOUR_STATUS_WORDS[row.status])}`]
      }),
    )
  },
  saved_search: async (db, ids, i18n) => {
    const rows = await db
      .selectFrom('savedSearch')
      .select(['id', 'state', 'city', 'listingType', 'minPrice', 'maxPrice', 'minBeds', 'minBaths'])
      .where('id', 'in', ids)
      .execute()
    return new Map(rows.map((row) => [row.id, savedSearchInWords(i18n, savedSearchFiltersOf(row))]))
  },
}

/** Each lead's summary by id, for the leads of one page. */
export async function leadSummaries(db: Kysely<Database>, leads: ReadonlyArray<{ id: string; kind: LeadKind }>, i18n: I18n): Promise<Map<string, string>> {
  const idsByKind = new Map<LeadKind, Array<string>>()
  for (const lead of leads) {
    const ids = idsByKind.get(lead.kind)
    if (ids) ids.push(lead.id)
    else idsByKind.set(lead.kind, [lead.id])
  }
  const found = await Promise.all(
    [...idsByKind].map(([kind, ids]) => {
      const read = SUMMARY_READERS[kind]
      return read ? read(db, ids, i18n) : Promise.resolve(new Map<string, string>())
    }),
  )
  return new Map(found.flatMap((summaries) => [...summaries]))
}
