import { describe, expect, it } from 'vitest'
import { isAppError, parseInput } from '../../src/server/app-error'
import { recordIdRequestSchema } from '../../src/schemas/record-id'

/*
 * One `{ id }` schema for every request that names one row (deletes, cancels, a lead's notes):
 * before, seven copies differed in whether a blank id was refused (tours, leads) or looked up
 * and not found (messages, saved searches, realtors, open houses, posts).
 */

function refusal(input: unknown) {
  try {
    parseInput(recordIdRequestSchema, input)
  } catch (error) {
    if (isAppError(error)) return { code: error.code, fields: Object.keys(error.fieldErrors ?? {}) }
    throw error
  }
  return undefined
}

describe('recordIdRequestSchema', () => {
  it('takes an id, trimmed', () => {
    expect(parseInput(recordIdRequestSchema, { id: ' 3f1c2b7e-0d4a-4f55-9b1e-2a6c8d9e0f12 ' })).toEqual({ id: '3f1c2b7e-0d4a-4f55-9b1e-2a6c8d9e0f12' })
  })

  it.each([
    ['blank', { id: '   ' }],
    ['empty', { id: '' }],
    ['missing', {}],
    ['too long', { id: 'x'.repeat(65) }],
    ['not text', { id: 42 }],
  ])('refuses an id that is %s as bad input naming the field', (_, input) => {
    expect(refusal(input)).toEqual({ code: 'VALIDATION_FAILED', fields: ['id'] })
  })
})
