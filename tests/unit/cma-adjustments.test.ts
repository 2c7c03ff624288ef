import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '../../src/i18n/i18n'
import { adjustedPriceOf } from '../../src/lib/cma-adjustments'
import { cmaDollars } from '../../src/lib/cma-words'
import { cmaAdjustmentsSchema, cmaPatchSchema } from '../../src/schemas/cma/cma'
import { adjustmentRates, distanceInMiles, emptyAdjustments, matchScoreOf, rangeBasisOf, suggestedAdjustments } from '../../src/server/cma/cma-adjustments'
import { cmaMail } from '../../src/server/cma/cma-send'

/*
 * A CMA's adjustment maths (issue 53 part 2): the adjusted price is the price plus every line;
 * each suggested line brings the comparable to the subject (smaller, fewer rooms, older: up) at
 * rates from the area's own prices; the range's basis is the picked comparables' adjusted prices.
 */

describe('adjustedPriceOf', () => {
  it('adds every line of the grid, the free line included, in whole dollars', () => {
    const grid = { ...emptyAdjustments(), size: 12_300, beds: -8_000, condition: 25_000, pool: 0.4, other: { label: 'New roof', amount: -5_000 } }
    expect(adjustedPriceOf(1_000_000, grid)).toBe(1_024_300)
    expect(adjustedPriceOf(1_000_000, emptyAdjustments())).toBe(1_000_000)
  })
})

describe('adjustmentRates', () => {
  it("takes the area's median price per square foot and median price", () => {
    const rates = adjustmentRates([
      { price: 1_000_000, livingArea: 2000 },
      { price: 1_200_000, livingArea: 2000 },
      { price: 900_000, livingArea: 1500 },
    ])
    // $/sq ft 500, 600, 600: median 600; the marginal foot at half of it.
    expect(rates.perSquareFoot).toBe(300)
    expect(rates.perBed).toBe(1_000_000 * 0.015)
    expect(rates.perBath).toBe(1_000_000 * 0.025)
    expect(rates.perYear).toBe(1_000_000 * 0.0025)
    expect(rates.perLotSquareFoot).toBe(12)
  })

  it('is all zero without comparables, so nothing is suggested from nothing', () => {
    expect(Object.values(adjustmentRates([]))).toEqual([0, 0, 0, 0, 0])
  })
})

describe('suggestedAdjustments', () => {
  const rates = { perSquareFoot: 300, perBed: 15_000, perBath: 25_000, perYear: 2_500, perLotSquareFoot: 12 }
  const subject = { livingArea: 2000, beds: 3, baths: 2, yearBuilt: 2000, lotSizeSquareFeet: 6000 }

  it('brings a smaller, older comparable with fewer rooms up to the subject, rounded to $100', () => {
    const grid = suggestedAdjustments(subject, { livingArea: 1_800.4, beds: 2, baths: 1, yearBuilt: 1990, lotSizeSquareFeet: 5000 }, rates)
    expect(grid).toMatchObject({ size: 59_900, beds: 15_000, baths: 25_000, age: 25_000, lot: 12_000, condition: 0, view: 0, pool: 0 })
    expect(grid.other).toEqual({ label: '', amount: 0 })
  })

  it('takes a larger, newer comparable down, and caps age at 50 years', () => {
    const grid = suggestedAdjustments({ ...subject, yearBuilt: 1900 }, { livingArea: 2200, beds: 4, baths: 3, yearBuilt: 2020, lotSizeSquareFeet: null }, rates)
    expect(grid).toMatchObject({ size: -60_000, beds: -15_000, baths: -25_000, age: -125_000, lot: 0 })
  })

  it('suggests nothing for a fact either side lacks', () => {
    const grid = suggestedAdjustments(
      { livingArea: 2000, beds: 3, baths: 2, yearBuilt: undefined },
      { livingArea: 2000, beds: null, baths: null, yearBuilt: 1980, lotSizeSquareFeet: 4000 },
      rates,
    )
    expect(grid).toEqual(emptyAdjustments())
    expect(Object.is(grid.size, -0)).toBe(false)
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

describe('match score and distance', () => {
  it('turns the dissimilarity into 0–100, the same home 100', () => {
    expect(matchScoreOf(0)).toBe(100)
    expect(matchScoreOf(0.25)).toBe(78)
    expect(matchScoreOf(-1)).toBe(100)
    expect(matchScoreOf(5)).toBe(1)
  })

  it('measures great-circle miles', () => {
    // Irvine City Hall to Tustin's Old Town, due north: about 4.1 miles.
    expect(distanceInMiles({ latitude: 33.6846, longitude: -117.8265 }, { latitude: 33.7437, longitude: -117.8256 })).toBeCloseTo(4.08, 1)
    expect(distanceInMiles({ latitude: 33.68, longitude: -117.77 }, { latitude: 33.68, longitude: -117.77 })).toBe(0)
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
