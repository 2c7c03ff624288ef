import { describe, expect, it } from 'vitest'
import { isAppError, parseInput } from '~/server/app-error'
import { realtorInputSchema } from '~/schemas/realtor'

/*
 * What the realtor form and `POST`/`PATCH /realtor` accept beyond each field's own rule: numbers
 * only as numbers or decimal digits, and the nested objects (SEO, extra sections) only with their
 * own keys, since a PATCH replaces them whole: a mistyped key must be answered, not turned into
 * a blank that replaces what the realtor wrote.
 */

const base = {
  desiredUrl: 'jane-kim',
  email: 'jane@example.com',
  activityRegion: [{ state: 'CA', city: 'Irvine' }],
  licenseNumber: 'DRE #02345678',
  brokerageName: 'Orange Coast Realty',
}

function faults(input: Record<string, unknown>): Record<string, ReadonlyArray<unknown>> {
  try {
    parseInput(realtorInputSchema, { ...base, ...input })
    return {}
  } catch (error) {
    if (!isAppError(error)) throw error
    return error.fieldErrors ?? {}
  }
}

describe('realtor input', () => {
  it('reads numbers sent as numbers or as decimal digits', () => {
    const parsed = realtorInputSchema.parse({ ...base, salesCount: '128', lastYearSalesTotal: 45_000_000, designFontSize: ' 18 ' })
    expect(parsed).toMatchObject({ salesCount: 128, lastYearSalesTotal: 45_000_000, designFontSize: 18 })
    expect(realtorInputSchema.parse({ ...base, salesCount: '' }).salesCount).toBeUndefined()
    expect(realtorInputSchema.parse(base).designFontSize).toBe(16)
  })

  it('refuses what is no number: an array, a boolean, a hexadecimal or an exponent', () => {
    expect(Object.keys(faults({ salesCount: [7], lastYearSalesTotal: true, designFontSize: '0x10' })).sort()).toEqual([
      'designFontSize',
      'lastYearSalesTotal',
      'salesCount',
    ])
    expect(Object.keys(faults({ salesCount: '1e3' }))).toEqual(['salesCount'])
  })

  it('refuses an unknown key in the SEO texts or a section, instead of blanking them', () => {
    expect(Object.keys(faults({ seoMeta: { a: 1 } }))).toEqual(['seoMeta'])
    expect(Object.keys(faults({ seoMeta: { en: { titel: 'Jane' } } }))).toEqual(['seoMeta.en'])
    expect(Object.keys(faults({ additionalSections: [{ a: 1 }] }))).toEqual(['additionalSections.0'])
    expect(faults({ seoMeta: { en: { title: 'Jane Kim' } }, additionalSections: [{ titleEn: 'Why me', bodyEn: 'Twenty years here.' }] })).toEqual({})
  })
})
