import { z } from 'zod'

/*
 * The cursor of the desk's list in follow-up order (`sort=nextFollowUp`): the day (or the day
 * after every day, for leads without one), then the newest-first position within it. Opaque to
 * callers, like the newest-first lists' cursor.
 */

/** Sorts after every real `YYYY-MM-DD`: leads without a follow-up day come last. */
export const FOLLOW_UP_LAST = '9999-12-31'

const cursorSchema = z.object({ followUp: z.string().max(10), createdAt: z.string().max(40), id: z.string().max(64) })
export type FollowUpCursor = z.infer<typeof cursorSchema>

export function encodeFollowUpCursor(row: { nextFollowUp: string | null; createdAt: string; id: string }): string {
  return Buffer.from(JSON.stringify({ followUp: row.nextFollowUp ?? FOLLOW_UP_LAST, createdAt: row.createdAt, id: row.id })).toString('base64url')
}

/** The position a cursor this server made names; undefined for an old, forged or newest-first one. */
export function decodeFollowUpCursor(cursor: string): FollowUpCursor | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
