import type { MessageDescriptor } from '@lingui/core'
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { z } from 'zod'
import { messageId } from '~/schemas/messages'

/*
 * A realtor's lead lists (messages, saved searches, tour requests, the unified leads) are read
 * newest first, a page at a time (issue 17: only the newest 1,000 could be reached). A page
 * resumes after the last row of the one before, by time, then id: stable while rows arrive,
 * since new ones sort before it. The cursor is opaque to callers.
 */
const cursorSchema = z.object({ createdAt: z.string().max(40), id: z.string().max(64) })
type NewestFirstCursor = z.infer<typeof cursorSchema>

function encodeCursor(row: NewestFirstCursor): string {
  return Buffer.from(JSON.stringify({ createdAt: row.createdAt, id: row.id })).toString('base64url')
}

/** The position a cursor this server made names; undefined for an old or forged one. */
function decodeCursor(cursor: string): NewestFirstCursor | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/**
 * A list's `cursor` query field that also refuses a cursor this server did not make, in the
 * list's own words (`gone`: "this page of … no longer exists"), as a translated field error.
 */
export function knownCursor<Field extends z.ZodType<string | undefined>>(field: Field, gone: MessageDescriptor) {
  return field.refine((cursor) => cursor === undefined || decodeCursor(cursor) !== undefined, { error: messageId(gone) })
}

/**
 * One page of a newest-first list: the rows of `query` after `cursor`, and the cursor of the
 * next page (null on the last). One row past the page size is read: it only says that a next
 * page follows. `table` qualifies `createdAt` and `id` when the query joins other tables.
 */
export async function readNewestFirstPage<DB, TB extends keyof DB, Row extends NewestFirstCursor>(
  query: SelectQueryBuilder<DB, TB, Row>,
  cursor: string | undefined,
  limit: number,
  table?: string,
): Promise<{ page: Array<Row>; nextCursor: string | null }> {
  const column = (name: keyof NewestFirstCursor) => sql.ref(table === undefined ? name : `${table}.${name}`)
  const after = cursor === undefined ? undefined : decodeCursor(cursor)
  const rest = after ? query.where(sql<SqlBool>`(${column('createdAt')}, ${column('id')}) < (${after.createdAt}, ${after.id})`) : query
  const rows: Array<Row> = await rest
    .orderBy(column('createdAt'), 'desc')
    .orderBy(column('id'), 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null }
}
