import { z } from 'zod'
import { blankAsAbsent } from './visitor-fields'

/*
 * A realtor's leads a page at a time: contact messages (`GET /realtor-contacts`) and saved
 * searches (`GET /saved-searches`), over REST and in the inbox's two lists. One shape, so a
 * client pages both the same way; the server checks that a cursor is one it made
 * (`src/server/realtors/owned-realtors.ts`).
 */

export const LEAD_PAGE_LIMIT = { default: 100, max: 500 } as const

const realtorIdField = z.string().trim().max(64).optional()

/** Whose leads (the platform admin may name any realtor), with which status, and where to resume. */
export function leadListQuerySchema<Status extends z.ZodType>(status: Status) {
  return z.object({
    realtorId: realtorIdField,
    status: status.optional(),
    limit: z.coerce.number().int().min(1).max(LEAD_PAGE_LIMIT.max).default(LEAD_PAGE_LIMIT.default),
    cursor: z.string().max(200).optional(),
  })
}

/** The language of a CSV's header row and words; absent or blank: the request's Accept-Language. */
export const csvViewerLangSchema = z.preprocess(blankAsAbsent, z.enum(['ko', 'en']).optional())

/**
 * A lead list as one CSV (`GET /realtor-contacts/export.csv`, `GET /saved-searches/export.csv`):
 * the list's filters without paging (every row they select), and the file's language.
 */
export function leadListExportQuerySchema<Status extends z.ZodType>(status: Status) {
  return z.object({ realtorId: realtorIdField, status: status.optional(), viewerLang: csvViewerLangSchema })
}

export const nextCursorSchema = z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last.' })

/** What every page of a lead list says beside its rows: where the next page starts, and how many rows the whole list (with its filters) has. */
export const leadPageFacts = { nextCursor: nextCursorSchema, total: z.number().int() }

/** A page of a lead list: its rows under their own name, the facts every page gives, then what this list's page adds. */
export function leadPageOf<Rows extends z.ZodRawShape, Extra extends z.ZodRawShape>(rows: Rows, extra: Extra) {
  return z.object({ ...rows, ...leadPageFacts, ...extra })
}
