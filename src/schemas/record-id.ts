import { z } from 'zod'

/**
 * The id of one stored row as a request names it (a path segment, a server function's input).
 * Our ids are UUIDs; 64 leaves room for ids made elsewhere. Trimmed first, so a blank id is a
 * 400 naming the field, not a lookup that finds nothing.
 */
export const recordIdSchema = z.string().trim().min(1).max(64)

/** A request that names one row by its id: a delete, a cancel, a row's notes. */
export const recordIdRequestSchema = z.object({ id: recordIdSchema })
export type RecordIdRequest = z.infer<typeof recordIdRequestSchema>
