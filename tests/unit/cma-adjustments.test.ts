import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '../../src/i18n/i18n'
import { adjustedPriceOf } from '../../src/lib/cma-adjustments'
import { cmaDollars } from '../../src/lib/cma-words'
import { cmaAdjustmentsSchema, cmaPatchSchema } from '../../src/schemas/cma/cma'
import { emptyAdjustments, rangeBasisOf } from '../../src/server/cma/cma-adjustments'
import { gridOf } from '../../src/server/cma/cma-candidates'
import { cmaMail } from '../../src/server/cma/cma-send'

/*
 * A CMA's adjustment maths (issue 53 part 2): the adjusted price is the price plus every line; the
 * estimator's suggestions fill the first five lines in whole dollars; the range's basis is the
 * picked comparables' adjusted prices.
 */

describe('adjustedPriceOf', () => {
  it('adds every line of the grid, the free line included, in whole dollars', () => {
    const grid = { ...emptyAdjustments(), size: 12_300, beds: -8_000, condition: 25_000, pool: 0.4, other: { label: 'New roof', amount: -5_000 } }
    expect(adjustedPriceOf(1_000_000, grid)).toBe(1_024_300)
    expect(adjustedPriceOf(1_000_000, emptyAdjustments())).toBe(1_000_000)
  })
})

describe('gridOf', () => {
  it("puts the estimator's six lines in the grid in whole dollars (market conditions: its price today less its price), the realtor's lines at 0", () => {
    const grid = gridOf({
      price: 1_000_000,
      marketPrice: 1_031_250.4,
      adjustments: { livingArea: 12_345.6, beds: -8_000.4, baths: 0, age: -0.2, lot: 1_999.5 },
    })
    expect(grid).toEqual({
      market: 31_250,
      size: 12_346,
      beds: -8_000,
      baths: 0,
      age: 0,
      lot: 2_000,
      condition: 0,
      view: 0,
      pool: 0,
      other: { label: '', amount: 0 },
    })
    expect(Object.is(grid.age, -0)).toBe(false)
  })
})

describe('rangeBasisOf', () => {
  it('reads the picked comparables only: lowest, median, highest', () => {
    expect(
      rangeBasisOf([
        { picked: true, adjustedPrice: 1_010_000 },
        { picked: false, adjustedPrice: 2_000_000 },
        { picked: true, adjustedPrice: 990_000 },
        { picked: true, adjustedPrice: 1_050_000 },
        { picked: true, adjustedPrice: 1_000_000 },
      ]),
    ).toEqual({ pickedCount: 4, adjustedLow: 990_000, adjustedMedian: 1_005_000, adjustedHigh: 1_050_000 })
    expect(rangeBasisOf([{ picked: false, adjustedPrice: 1 }])).toEqual({ pickedCount: 0, adjustedLow: null, adjustedMedian: null, adjustedHigh: null })
  })
})

describe('the grid and range as requests', () => {
  it('wants a label for a free line with an amount, and whole dollars', () => {
    expect(cmaAdjustmentsSchema.safeParse({ ...emptyAdjustments(), other: { label: '', amount: 5_000 } }).success).toBe(false)
    expect(cmaAdjustmentsSchema.safeParse({ ...emptyAdjustments(), other: { label: '', amount: 0 } }).success).toBe(true)
    expect(cmaAdjustmentsSchema.safeParse({ ...emptyAdjustments(), size: 10.5 }).success).toBe(false)
  })

  it('refuses a range whose low end is above its high end', () => {
    expect(cmaPatchSchema.safeParse({ recommendedLow: 2_000_000, recommendedHigh: 1_000_000 }).success).toBe(false)
    expect(cmaPatchSchema.safeParse({ recommendedLow: 1_000_000, recommendedHigh: 1_000_000 }).success).toBe(true)
    expect(cmaPatchSchema.safeParse({ recommendedLow: null }).success).toBe(true)
  })
})

describe('cmaMail', () => {
  it("writes the seller's mail in their language with the link and the range", async () => {
    for (const lang of ['ko', 'en'] as const) {
      await loadCatalog(lang)
      const mail = cmaMail(
        {
          lang,
          leadName: 'Jiwoo <b>Han</b>',
          realtorName: 'Sora Park',
          address: '1 Test Lane, Irvine',
          link: 'https://example.com/sora/cma/abc',
          range: { low: 990_000, high: 1_040_000 },
          footer: ['Sora Park', 'License number: 0123'],
        },
        i18nFor(lang),
      )
      expect(mail.text).toContain('https://example.com/sora/cma/abc')
      expect(mail.text).toContain(`${cmaDollars(990_000)} – ${cmaDollars(1_040_000)}`)
      expect(mail.html).toContain('Jiwoo &lt;b&gt;Han&lt;/b&gt;')
      expect(mail.html).not.toContain('<b>Han')
      if (lang === 'ko') expect(mail.subject).toMatch(/시장 분석/)
      else expect(mail.subject).toBe("Your home's market analysis from Sora Park: 1 Test Lane, Irvine")
    }
  })
})
