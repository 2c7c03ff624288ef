import { z } from 'zod'
import { ERROR_CODES, type TranslatedErrorBody } from '~/lib/errors'

/*
 * What every part of the OpenAPI document writes its operations with: the error body, a JSON
 * body, the error responses and the bearer security. `openapi.ts` assembles the document from
 * the `openapi-*.ts` parts, and each part imports these from here, never from `openapi.ts`.
 */

/** The error body as the API answers it (decision 011): in words, by Accept-Language. */
export const errorBodySchema = z
  .object({
    message: z.string().meta({ description: 'Translated by Accept-Language (ko or en).' }),
    code: z.enum(ERROR_CODES),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' }) satisfies z.ZodType<TranslatedErrorBody>

/** A JSON body; a schema of zod's mini build (one an island reads too) is as welcome as a full one. */
export function jsonContent(schema: z.core.$ZodType) {
  return { content: { 'application/json': { schema } } }
}

/** The `Error` body for each status, by reference to its one component. */
export function errorResponses(...statuses: Array<number>) {
  return Object.fromEntries(statuses.map((status) => [String(status), { description: `Error ${status}`, ...jsonContent(errorBodySchema) }]))
}

/** Bearer security of an operation a realtor's token (or session) must make. */
export const bearer = [{ bearerAuth: [] }]
