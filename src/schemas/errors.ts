import { z } from 'zod'
import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldMessage, type IssueMessage, type TranslatedErrorBody } from '~/lib/error-body'

/*
 * The zod side of the one error body (decision 011), whose codes and types are in
 * `~/lib/error-body`. Server functions send it with Lingui message ids and the browser
 * translates it where it shows it; the REST API translates the same ids once, at its edge,
 * by Accept-Language. The browser's side (`~/lib/server-error`) reads only the plain types:
 * zod stays out of a visitor's first download.
 */

export type { ErrorBody, ErrorCode, FieldErrors, FieldMessage, IssueMessage, TranslatedErrorBody } from '~/lib/error-body'

export const errorCodeSchema = z.enum(ERROR_CODES)

/** The HTTP status each code maps to (DESIGN §5). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
}

export const issueMessageSchema = z.object({
  id: z.string(),
  label: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
}) satisfies z.ZodType<IssueMessage>

export const fieldMessageSchema = z.union([z.string(), issueMessageSchema]) satisfies z.ZodType<FieldMessage>

export const errorBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string().meta({ description: 'A Lingui message id' }),
  fieldErrors: z.record(z.string(), z.array(fieldMessageSchema)).optional(),
}) satisfies z.ZodType<ErrorBody>

export const translatedErrorBodySchema = z.object({
  message: z.string().meta({ description: 'Translated by Accept-Language (ko or en).' }),
  code: errorCodeSchema,
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
}) satisfies z.ZodType<TranslatedErrorBody>
