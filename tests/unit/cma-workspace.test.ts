import { describe, expect, it } from 'vitest'
import { adjustedSpread, draftOf, isValidCell, listPriceRange, liveAdjustedPrice, patchOf } from '../../src/features/cma/cma-draft'
import { cmaSharePath, isCmaTokenSegment } from '../../src/lib/cma-paths'
import { cmaPatchSchema, type Cma, type CmaAdjustments } from '../../src/schemas/cma/cma'
import { publicPageRule } from '../../src/schemas/public-search'
import { draftCma } from './cma-draft-fixture'

/*
 * The market analysis tab (issue 53): what the grid computes while the realtor types, what a save
 * sends, and the share link's address as the page store sees it.
 */

const ZERO: CmaAdjustments = { market: 0, size: 0, beds: 0, baths: 0, age: 0, lot: 0, condition: 0, view: 0, pool: 0, other: { label: '', amount: 0 } }

function comparable(id: string, price: number, adjustments: CmaAdjustments, picked = true): Cma['comparables'][number] {
  return {
    id,
    listingKey: `L-${id}`,
    picked,
    status: 'sold',
    basis: 'sold',
    price,
    date: '2026-10-01',
    city: 'Irvine',
    beds: 3,
    baths: 2,
    livingArea: 1800,
    yearBuilt: 2001,
    lotSizeSquareFeet: 4000,
    photoUrl: null,
    adjustments,
    adjustedPrice: price,
    matchScore: 90,
    address: `${id} Main St`,
    postalCode: '92618',
    distanceMiles: 0.4,
  }
}

const CMA = draftCma({
  comparables: [comparable('a', 1_000_000, { ...ZERO, size: 12_000 }), comparable('b', 1_100_000, ZERO), comparable('c', 900_000, ZERO, false)],
  rangeBasis: { pickedCount: 2, adjustedLow: 1_012_000, adjustedMedian: 1_056_000, adjustedHigh: 1_100_000 },
})

describe('the adjustment grid as typed', () => {
  it('recomputes a comparable’s adjusted price from the cells with the server’s formula, separators and signs allowed', () => {
    const grid = { ...draftOf(CMA).comparables['a']!.grid, size: '12,000', condition: '-$5,000', pool: '−2500', otherLabel: 'new roof', otherAmount: '8000' }
    expect(liveAdjustedPrice(1_000_000, grid)).toBe(1_000_000 + 12_000 - 5_000 - 2_500 + 8_000)
  })

  it('counts a cell that is not a whole number as 0 and says it is invalid', () => {
    const grid = { ...draftOf(CMA).comparables['a']!.grid, size: '12.5k' }
    expect(isValidCell('12.5k')).toBe(false)
    expect(isValidCell('')).toBe(true)
    expect(isValidCell('-')).toBe(true)
    expect(liveAdjustedPrice(1_000_000, grid)).toBe(1_000_000)
  })

  it('spreads the picked ones’ adjusted prices: lowest, median, highest', () => {
    expect(adjustedSpread([1_100_000, 1_012_000])).toEqual({ low: 1_012_000, median: 1_056_000, high: 1_100_000 })
    expect(adjustedSpread([3, 1, 2])).toEqual({ low: 1, median: 2, high: 3 })
    expect(adjustedSpread([])).toBeNull()
  })

  it('offers the spread as a list-price range in whole thousands, never narrower than the comparables', () => {
    expect(listPriceRange({ low: 975_669, high: 2_233_224 })).toEqual({ low: 975_000, high: 2_234_000 })
    expect(listPriceRange({ low: 1_012_000, high: 1_100_000 })).toEqual({ low: 1_012_000, high: 1_100_000 })
  })
})

describe('what saving a draft sends', () => {
  it('nothing when nothing changed', () => {
    expect(patchOf(CMA, draftOf(CMA))).toEqual({})
  })

  it('only the comparables whose pick or cells changed, and the range and note', () => {
    const draft = draftOf(CMA)
    draft.comparables['c'] = { ...draft.comparables['c']!, picked: true }
    draft.comparables['b'] = { ...draft.comparables['b']!, grid: { ...draft.comparables['b']!.grid, view: '20000' } }
    draft.recommendedLow = '1,050,000'
    draft.recommendedHigh = '1,090,000'
    draft.note = 'Priced to sell in spring.'
    const patch = patchOf(CMA, draft)
    expect(patch).toEqual({
      comparables: [
        { id: 'b', adjustments: { ...ZERO, view: 20_000 } },
        { id: 'c', picked: true },
      ],
      recommendedLow: 1_050_000,
      recommendedHigh: 1_090_000,
      note: 'Priced to sell in spring.',
    })
    expect(cmaPatchSchema.safeParse(patch).success).toBe(true)
  })

  it('a range typed upside down or a free line without a name is refused by the shared schema', () => {
    const draft = draftOf(CMA)
    draft.recommendedLow = '1200000'
    draft.recommendedHigh = '1000000'
    expect(cmaPatchSchema.safeParse(patchOf(CMA, draft)).success).toBe(false)
    const unnamed = draftOf(CMA)
    unnamed.comparables['a'] = { ...unnamed.comparables['a']!, grid: { ...unnamed.comparables['a']!.grid, otherAmount: '5000' } }
    const result = cmaPatchSchema.safeParse(patchOf(CMA, unnamed))
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path.join('.')).toBe('comparables.0.adjustments.other.label')
  })

  it('clears the range with an empty box', () => {
    const withRange = { ...CMA, recommendedLow: 1_000_000, recommendedHigh: 1_100_000 }
    const draft = draftOf(withRange)
    draft.recommendedLow = ''
    draft.recommendedHigh = ' '
    expect(patchOf(withRange, draft)).toEqual({ recommendedLow: null, recommendedHigh: null })
  })
})

describe('the share link’s address', () => {
  it('is /{desiredUrl}/cma/{token} in Korean and /en/... in English', () => {
    expect(cmaSharePath('ko', 'sora-park', 'abcdefghijklmnopqrstuv')).toBe('/sora-park/cma/abcdefghijklmnopqrstuv')
    expect(cmaSharePath('en', 'sora-park', 'abcdefghijklmnopqrstuv')).toBe('/en/sora-park/cma/abcdefghijklmnopqrstuv')
  })

  it('is a page the page store keeps, on our host and on an own domain, and nothing that cannot be a token is', () => {
    const token = 'Zm9vYmFyYmF6cXV4LTEyMzQ1Njc4OQ'
    expect(isCmaTokenSegment(token)).toBe(true)
    for (const path of [`/sora-park/cma/${token}`, `/en/sora-park/cma/${token}`, `/cma/${token}`, `/en/cma/${token}`]) {
      expect(publicPageRule(path), path).toEqual({ search: 'none' })
    }
    for (const path of ['/sora-park/cma/short', `/sora-park/cma/${token}/more`, '/sora-park/cma', `/sora-park/cma/${token}%00`, '/admin/cma/' + token]) {
      expect(publicPageRule(path), path).toBeUndefined()
    }
  })
})
