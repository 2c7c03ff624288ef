import { z } from 'zod'
import { cmaPatchSchema, cmaSendRequestSchema, cmaShareRequestSchema } from './cma/cma'
import { recordIdSchema } from './record-id'

/*
 * The workspace's server functions over the CMA use cases (issue 53): the REST bodies of
 * `PATCH /cmas/{id}`, `POST /cmas/{id}/share` and `POST /cmas/{id}/send`, each with the id the
 * REST path carries.
 */

export const cmaPatchRequestSchema = z.object({ id: recordIdSchema, patch: cmaPatchSchema })
export const cmaShareCreateRequestSchema = z.object({ id: recordIdSchema, share: cmaShareRequestSchema })
export const cmaSendCallSchema = z.object({ id: recordIdSchema, send: cmaSendRequestSchema })

/** The share page's read: the token from its path, the page's language. */
export const sharedCmaRequestSchema = z.object({ token: z.string().min(1).max(128), lang: z.enum(['ko', 'en']) })
