import { describe, expect, it } from 'vitest'
import { parseDesiredUrlParams, parseLangParams } from '~/lib/route-params'
import { oneOf, searchSchema, text, wholeNumber } from '~/lib/search-params'
import { desiredUrlSchema } from '~/schemas/realtor-fields'

describe('route params: the router matches what the realtor form accepts', () => {
  it('takes only en as a language prefix', () => {
    expect(parseLangParams({})).toEqual({})
    expect(parseLangParams({ lang: 'en' })).toEqual({ lang: 'en' })
    expect(parseLangParams({ lang: 'ko' })).toBe(false)
    expect(parseLangParams({ lang: 'fr' })).toBe(false)
  })
  it('applies the desiredUrl rule of the zod schema, reserved words included', () => {
    for (const value of ['sora-park', 'Sora_Park', ' sora ', 'en', 'EN', 'login', 'admin', 'sora1', '', ' ', 'a'.repeat(60), 'a'.repeat(61), 'so ra', '한글']) {
      const zod = desiredUrlSchema.safeParse(value)
      const parsed = parseDesiredUrlParams({ desiredUrl: value })
      expect(parsed, JSON.stringify(value)).toEqual(zod.success ? { desiredUrl: zod.data } : false)
    }
  })
})

describe('search params: a malformed value is dropped, never an error', () => {
  const schema = searchSchema({ tab: oneOf(['homepage', 'messages']), page: wholeNumber({ min: 1, max: 10 }), city: text({ trim: true, min: 1, max: 5 }) })
  it('keeps well-formed values', () => {
    expect(schema.parse({ tab: 'messages', page: 2, city: ' Irvin ' })).toEqual({ tab: 'messages', page: 2, city: 'Irvin' })
    expect(schema.parse({ page: '3' })).toEqual({ page: 3 })
  })
  it('drops the rest, as `.optional().catch(undefined)` did', () => {
    expect(schema.parse({ tab: 'other', page: 0, city: '   ' })).toEqual({})
    expect(schema.parse({ page: 2.5 })).toEqual({})
    expect(schema.parse({ page: 11 })).toEqual({})
    expect(schema.parse({ page: 'x' })).toEqual({})
    expect(schema.parse({ city: 123 })).toEqual({})
    expect(schema.parse({ city: 'Irvine!' })).toEqual({})
    expect(schema.parse(null)).toEqual({})
  })
  it('drops text with control characters or lone surrogates (`?city=%00` was a 500, issue 17)', () => {
    for (const city of ['\u0000', 'Irv\u0000', '\u0007', 'a\u007f', 'a\u0085', '\ud800', 'a\udc00b', '\n']) {
      expect(schema.parse({ city }), JSON.stringify(city)).toEqual({})
    }
    // A paired surrogate is one character (an emoji), not a lone half.
    expect(schema.parse({ city: '😀' })).toEqual({ city: '😀' })
    expect(schema.parse({ city: '어바인' })).toEqual({ city: '어바인' })
  })
  it('names every key, so a dropped value overrides the raw one when the router merges them', () => {
    const parsed = schema.parse({ tab: 'https://evil.example' })
    expect(Object.keys(parsed).sort()).toEqual(['city', 'page', 'tab'])
    expect({ tab: 'https://evil.example', ...parsed }.tab).toBeUndefined()
  })
  it('is a Standard Schema the router can call', () => {
    expect(schema['~standard'].validate({ tab: 'homepage', extra: 'x' })).toStrictEqual({ value: { tab: 'homepage', page: undefined, city: undefined } })
  })
})
