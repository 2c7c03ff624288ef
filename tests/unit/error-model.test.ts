import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog } from '../../src/i18n/i18n'
import { ERROR_CODES, ERRORS } from '../../src/lib/errors'
import { AppError, errors } from '../../src/server/app-error'
import { errorResponse } from '../../src/server/web/responses'

/*
 * The one map of decision 057: every code's HTTP status (DESIGN §5) and its own message, which
 * a failure without words of its own carries, on the wire exactly as before the map (the same
 * statuses, the same sentences in both languages).
 */

beforeAll(async () => {
  await Promise.all([loadCatalog('en'), loadCatalog('ko')])
})

describe('the error map', () => {
  it('gives each code the status of DESIGN §5, in the order the API documents the codes', () => {
    expect(ERROR_CODES.map((code) => [code, ERRORS[code].status])).toEqual([
      ['VALIDATION_FAILED', 400],
      ['BAD_REQUEST', 400],
      ['UNAUTHORIZED', 401],
      ['FORBIDDEN', 403],
      ['NOT_FOUND', 404],
      ['METHOD_NOT_ALLOWED', 405],
      ['CONFLICT', 409],
      ['PAYLOAD_TOO_LARGE', 413],
      ['UNSUPPORTED_MEDIA_TYPE', 415],
      ['RATE_LIMITED', 429],
      ['INTERNAL', 500],
    ])
  })

  it('is where an AppError takes its status, and its message when it has none of its own', () => {
    for (const code of ERROR_CODES) {
      const error = new AppError(code)
      expect(error.status).toBe(ERRORS[code].status)
      expect(error.descriptor.id).toBe(ERRORS[code].message.id)
    }
  })

  it('answers the generic failures with the bodies and statuses they had', async () => {
    const cases: Array<[AppError, number, string]> = [
      [errors.unauthorized(), 401, 'Sign in to continue'],
      [errors.forbidden(), 403, 'You are not allowed to do this'],
      [errors.notFound(), 404, 'Not found'],
      [errors.methodNotAllowed(), 405, 'This method is not allowed here'],
      [errors.rateLimited(30), 429, 'Too many requests. Please wait a moment and try again'],
      [errors.internal(new Error('a bug')), 500, 'Internal Server Error'],
    ]
    for (const [error, status, english] of cases) {
      const response = errorResponse(error, 'en')
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ message: english, code: error.code })
      const korean: unknown = await errorResponse(error, 'ko').json()
      expect(korean).toMatchObject({ code: error.code })
      expect(korean).not.toEqual({ message: english, code: error.code })
    }
    expect(errorResponse(errors.rateLimited(30), 'en').headers.get('retry-after')).toBe('30')
  })
})
