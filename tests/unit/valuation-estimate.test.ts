import { describe, expect, it } from 'vitest'
import { AREA_UNITS, areaToSquareFeet, squareFeetToPyeong, squareFeetToSquareMeters } from '../../src/lib/format'
import { backtestGeneratedMarket } from '../../src/server/valuations/backtest'
import { CandidateIndex, NEARBY_HOMES } from '../../src/server/valuations/candidate-index'
import { monthlyTrend, priceToday, saleToListByCity } from '../../src/server/valuations/comparables'
import {
  adjustComparable,
  type ComparableCandidate,
  estimateHomeValue,
  fitAreaModel,
  MAX_COMPARABLES,
  milesBetween,
  outOfRangeReasons,
  quantile,
  rankCandidates,
} from '../../src/server/valuations/estimate'
import { generateMarket, GENERATED_NOISE_FLOOR } from '../../src/server/valuations/generated-market'
import { seededRandom } from '../../src/lib/seeded-random'

const YEAR = 2026
const subject = { postalCode: '92618', city: 'Irvine', beds: 3, baths: 2, livingArea: 2000, yearBuilt: 2000, latitude: 33.68, longitude: -117.82 }

function home(id: string, price: number, overrides: Partial<ComparableCandidate> = {}): ComparableCandidate {
  return {
    id,
    postalCode: '92618',
    city: 'Irvine',
    price,
    marketPrice: price,
    priceKind: 'sale',
    monthsAgo: 1,
    livingArea: 2000,
    beds: 3,
    baths: 2,
    yearBuilt: 2000,
    lotSquareFeet: 5000,
    latitude: 33.681,
    longitude: -117.821,
    ...overrides,
  }
}

/** Homes whose price follows `perFoot × area^0.8 × e^(0.05 beds)` exactly, scattered around the subject. */
function lawfulHomes(count: number, seed = 7): ComparableCandidate[] {
  const random = seededRandom(seed)
  return Array.from({ length: count }, (_, index) => {
    const livingArea = Math.round(1200 + random() * 2400)
    const beds = 2 + Math.floor(random() * 4)
    const price = Math.round(300 * 2000 * (livingArea / 2000) ** 0.8 * Math.exp(0.05 * (beds - 3)))
    return home(`l${index}`, price, {
      livingArea,
      beds,
      baths: 2,
      yearBuilt: 2000,
      lotSquareFeet: null,
      latitude: 33.68 + (random() - 0.5) * 0.02,
      longitude: -117.82 + (random() - 0.5) * 0.02,
    })
  })
}

describe('the area model and adjustments', () => {
  it('learns what a square foot and a bedroom are worth from the area’s own homes', () => {
    const model = fitAreaModel(lawfulHomes(80), { latitude: 33.68, longitude: -117.82 }, YEAR)
    expect(model.fittedOn).toBe(80)
    expect(model.coefficients.livingArea).toBeCloseTo(0.8, 1)
    expect(model.coefficients.beds).toBeCloseTo(0.05, 2)
  })

  it('falls back to a size elasticity of 0.6 when too few homes teach anything', () => {
    expect(fitAreaModel(lawfulHomes(10), undefined, YEAR)).toMatchObject({ fittedOn: 0, coefficients: { livingArea: 0.6, beds: 0 } })
  })

  it('adjusts a comparable to the home feature by feature, the amounts summing to the adjusted price', () => {
    const bigger = home('b', 1_200_000, { livingArea: 2400, beds: 4, yearBuilt: 1990, lotSquareFeet: 6000 })
    const { adjustments, adjustedPrice } = adjustComparable(
      { ...subject, lotSquareFeet: 5000 },
      bigger,
      { livingArea: 0.8, beds: 0.05, baths: 0.03, age: -0.004, lot: 0.1 },
      YEAR,
    )
    // Smaller home valued: a bigger comparable is adjusted down for its size and its extra bedroom, up for its age.
    expect(adjustments.livingArea).toBeLessThan(0)
    expect(adjustments.beds).toBeLessThan(0)
    expect(adjustments.baths).toBe(0)
    expect(adjustments.age).toBeGreaterThan(0)
    expect(adjustments.lot).toBeLessThan(0)
    expect(adjustedPrice).toBe(1_200_000 + adjustments.livingArea + adjustments.beds + adjustments.age + adjustments.lot)
    // 1.2M × (2000/2400)^0.8 ≈ 1,037,100: the size alone takes off about 162,900.
    expect(adjustments.livingArea).toBeCloseTo(-162_900, -2)
  })

  it('does not adjust for a feature unknown on either side', () => {
    const { adjustments } = adjustComparable(
      { ...subject, yearBuilt: undefined },
      home('x', 1_000_000, { lotSquareFeet: null }),
      { livingArea: 0.8, beds: 0.05, baths: 0.03, age: -0.004, lot: 0.1 },
      YEAR,
    )
    expect(adjustments).toEqual({ livingArea: 0, beds: 0, baths: 0, age: 0, lot: 0 })
  })
})

describe('estimateHomeValue', () => {
  it('values a home from adjusted comparables: exact when prices follow the area’s law', () => {
    const homes = lawfulHomes(120)
    const result = estimateHomeValue({ ...subject, livingArea: 1800, beds: 3 }, homes, YEAR)
    if (result.kind !== 'estimate') throw new Error(`expected an estimate, got ${result.kind}`)
    const truth = 300 * 2000 * (1800 / 2000) ** 0.8
    expect(Math.abs(result.typical - truth) / truth).toBeLessThan(0.01)
    expect(result.low).toBeLessThan(result.typical)
    expect(result.high).toBeGreaterThan(result.typical)
    // Never narrower than ±5 %, however alike the comparables.
    expect(result.high / result.typical).toBeGreaterThanOrEqual(1.05)
    expect(result.comparables).toHaveLength(MAX_COMPARABLES)
  })

  it('ranks comparables by match score, nearer and more alike first, a sale ahead of the same asking price', () => {
    const near = home('near', 1_000_000)
    const far = home('far', 1_000_000, { latitude: 33.75, longitude: -117.9 })
    const asking = home('asking', 1_000_000, { priceKind: 'asking', monthsAgo: 0 })
    const ranked = rankCandidates(subject, [far, asking, near], YEAR)
    expect(ranked.map((entry) => entry.id)).toEqual(['near', 'asking', 'far'])
    expect(ranked[0]?.matchScore).toBeGreaterThan(ranked[1]?.matchScore ?? 100)
    expect(ranked[0]?.distanceMiles).toBeCloseTo(milesBetween(subject, { latitude: 33.681, longitude: -117.821 }), 6)
    expect(ranked[2]?.distanceMiles).toBeGreaterThan(5)
  })

  it('says there are too few comparables (no number) below three', () => {
    const result = estimateHomeValue(subject, [home('a', 1_000_000), home('b', 1_100_000)], YEAR)
    expect(result).toMatchObject({ kind: 'too_few' })
    expect(result.comparables).toHaveLength(2)
    expect(result).not.toHaveProperty('typical')
  })

  it('refuses, with the reasons, a home far bigger or smaller than its comparables span (no number)', () => {
    const homes = lawfulHomes(60)
    const mansion = estimateHomeValue({ ...subject, livingArea: 60_000, beds: 40, baths: 30 }, homes, YEAR)
    expect(mansion.kind).toBe('out_of_range')
    if (mansion.kind !== 'out_of_range') return
    expect(mansion.reasons.map((reason) => reason.feature)).toEqual(['livingArea', 'beds', 'baths'])
    expect(mansion).not.toHaveProperty('typical')
    const closet = estimateHomeValue({ ...subject, livingArea: 100, beds: 2, baths: 2 }, homes, YEAR)
    expect(closet).toMatchObject({ kind: 'out_of_range', reasons: [{ feature: 'livingArea', value: 100 }] })
  })

  it('states its margins: 25 % beyond the largest and smallest comparable, one room beyond their rooms', () => {
    const comps = [home('a', 1, { livingArea: 1000, beds: 2, baths: 1 }), home('b', 1, { livingArea: 2000, beds: 4, baths: 3 })]
    expect(outOfRangeReasons({ ...subject, livingArea: 2500, beds: 5, baths: 4 }, comps)).toEqual([])
    expect(outOfRangeReasons({ ...subject, livingArea: 800, beds: 1, baths: 0 }, comps)).toEqual([])
    expect(outOfRangeReasons({ ...subject, livingArea: 2510, beds: 6, baths: 5 }, comps)).toEqual([
      { feature: 'livingArea', value: 2510, low: 800, high: 2500 },
      { feature: 'beds', value: 6, low: 1, high: 5 },
      { feature: 'baths', value: 5, low: 0, high: 4 },
    ])
  })

  it('drops an outlier (a typo or a teardown) instead of letting it stretch the range', () => {
    const comps = [980_000, 1_000_000, 1_010_000, 1_020_000, 1_040_000].map((price, index) => home(`h${index}`, price))
    const result = estimateHomeValue(subject, [...comps, home('typo', 10_000_000)], YEAR)
    if (result.kind !== 'estimate') throw new Error('expected an estimate')
    expect(result.comparables.map((comp) => comp.id)).not.toContain('typo')
    expect(result.high).toBeLessThan(1_200_000)
  })

  it('marks the basis as listed when any comparable is an asking price', () => {
    const comps = [home('a', 1_000_000), home('b', 1_000_000, { priceKind: 'asking', monthsAgo: 0 }), home('c', 1_000_000)]
    expect(estimateHomeValue(subject, comps, YEAR)).toMatchObject({ kind: 'estimate', basis: 'listed' })
    expect(estimateHomeValue(subject, [home('a', 1_000_000), home('c', 1_000_000), home('d', 1_000_000)], YEAR)).toMatchObject({ basis: 'sold' })
  })
})

describe('prices today', () => {
  it('reads a city’s monthly trend as a line through its snapshots, bounded', () => {
    const rising = new Map(Array.from({ length: 12 }, (_, back) => [`2026-${String(12 - back).padStart(2, '0')}`, 500 * 1.01 ** -back]))
    expect(monthlyTrend(rising, '2026-12')).toBeCloseTo(0.01, 4)
    expect(monthlyTrend(new Map([['2026-12', 500]]), '2026-12')).toBe(0)
    const wild = new Map([
      ['2026-10', 100],
      ['2026-11', 200],
      ['2026-12', 400],
    ])
    expect(monthlyTrend(wild, '2026-12')).toBe(0.03)
  })

  it('brings a sale forward by the trend and discounts an asking price by the sale-to-list ratio only where sold data is allowed', () => {
    const area = { trend: new Map([['irvine', 0.01]]), saleToList: new Map([['irvine', 0.97]]) }
    expect(priceToday({ priceKind: 'sale', price: 1_000_000, city: 'Irvine', monthsAgo: 6, soldDataAllowed: true }, area)).toBe(
      Math.round(1_000_000 * 1.01 ** 6),
    )
    expect(priceToday({ priceKind: 'asking', price: 1_000_000, city: 'Irvine', monthsAgo: 0, soldDataAllowed: true }, area)).toBe(970_000)
    expect(priceToday({ priceKind: 'asking', price: 1_000_000, city: 'Irvine', monthsAgo: 0, soldDataAllowed: false }, area)).toBe(1_000_000)
    const sales = Array.from({ length: 6 }, () => ({ city: 'Irvine', closePrice: 97, listPrice: 100 }))
    expect(saleToListByCity(sales).get('irvine')).toBeCloseTo(0.97, 6)
    expect(saleToListByCity(sales.slice(0, 4)).size).toBe(0)
  })
})

describe('CandidateIndex', () => {
  it('finds the nearest homes by grid cell exactly as sorting every home by distance would', () => {
    const random = seededRandom(99)
    const homes = Array.from({ length: 3000 }, (_, index) =>
      home(`g${index}`, 1_000_000, { latitude: 33.6 + random() * 0.2, longitude: -117.9 + random() * 0.2, postalCode: index % 2 === 0 ? '92618' : '92620' }),
    )
    const index = new CandidateIndex(homes, () => null)
    for (let round = 0; round < 20; round++) {
      const at = { latitude: 33.6 + random() * 0.2, longitude: -117.9 + random() * 0.2 }
      const expected = homes
        .map((candidate) => ({ id: candidate.id, miles: milesBetween(at, { latitude: candidate.latitude ?? 0, longitude: candidate.longitude ?? 0 }) }))
        .sort((a, b) => a.miles - b.miles)
        .slice(0, NEARBY_HOMES)
        .map((entry) => entry.id)
      expect(index.nearby(at, '00000').map((candidate) => candidate.id)).toEqual(expected)
    }
  })

  it('locates a home by its own listing’s address, else its ZIP’s centre, and leaves one home out for a backtest', () => {
    const homes = [
      home('own', 1, { latitude: 33.7, longitude: -117.8, lotSquareFeet: 7000 }),
      home('other', 1, { latitude: 33.6, longitude: -117.8 }),
      home('unplaced', 1, { latitude: null, longitude: null }),
    ]
    const index = new CandidateIndex(homes, (candidate) => (candidate.id === 'own' ? '12 Oak St.' : null))
    expect(index.locate({ street: '12  oak st', postalCode: '92618', city: 'Irvine' })).toMatchObject({ from: 'address', latitude: 33.7, lotSquareFeet: 7000 })
    expect(index.locate({ street: '1 Elm St', postalCode: '92618', city: 'Irvine' })).toMatchObject({ from: 'zip' })
    expect(index.locate({ street: '1 Elm St', postalCode: '92618', city: 'Irvine' })?.latitude).toBeCloseTo(33.65, 9)
    expect(index.locate({ street: '1 Elm St', postalCode: '11111', city: 'Nowhere' })).toBeUndefined()
    // Homes of the ZIP without a position come along with the nearest.
    expect(index.nearby({ latitude: 33.7, longitude: -117.8 }, '92618', 'own').map((candidate) => candidate.id)).toEqual(['other', 'unplaced'])
  })
})

describe('the generated market (known prices, σ = 8 % noise, seed 53)', () => {
  it('values homes within 1.15× the noise floor, its 80 % range covering 77–85 % of them', () => {
    const figures = backtestGeneratedMarket(4000, 800)
    expect(figures.noiseFloorPercent).toBeCloseTo(GENERATED_NOISE_FLOOR * 100, 6)
    expect(figures.estimated).toBeGreaterThan(750)
    expect(figures.medianAbsolutePercentError).toBeLessThanOrEqual(1.15 * figures.noiseFloorPercent)
    expect(figures.rangeCoverage).toBeGreaterThanOrEqual(0.77)
    expect(figures.rangeCoverage).toBeLessThanOrEqual(0.85)
  })

  it('is the same market on every run', () => {
    expect(generateMarket(50).homes).toEqual(generateMarket(50).homes)
    expect(generateMarket(50, 54).homes).not.toEqual(generateMarket(50).homes)
  })
})

describe('quantile', () => {
  it('interpolates between sorted values', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5)
    expect(quantile([10], 0.9)).toBe(10)
    expect(quantile([], 0.5)).toBeNaN()
  })
})

describe('areaToSquareFeet (평 and ㎡ on Korean forms)', () => {
  it('turns 평 and ㎡ into sq ft, the inverse of the listing pages’ conversions', () => {
    expect(areaToSquareFeet(2000, 'sqft')).toBe(2000)
    expect(areaToSquareFeet(100, 'm2')).toBeCloseTo(1076.39, 2)
    expect(areaToSquareFeet(1, 'pyeong')).toBeCloseTo(35.58, 2)
    expect(squareFeetToPyeong(areaToSquareFeet(56.2, 'pyeong'))).toBe(56.2)
    expect(squareFeetToSquareMeters(areaToSquareFeet(185.8, 'm2'))).toBe(185.8)
    expect(AREA_UNITS).toEqual(['sqft', 'm2', 'pyeong'])
  })
})
