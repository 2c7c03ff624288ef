import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../src/lib/seeded-random'
import {
  formatNumber,
  formatPrice,
  formatShortPrice,
  formatTime12h,
  monthAbbreviation,
  squareFeetToPyeong,
  squareFeetToSquareMeters,
  weekdayAbbreviation,
} from '../../src/lib/format'

describe('formatNumber (spec §9 number display)', () => {
  it('groups numbers below 7 integer digits with commas', () => {
    expect(formatNumber(123456)).toBe('123,456')
    expect(formatNumber(1234)).toBe('1,234')
    expect(formatNumber(999)).toBe('999')
  })

  it('keeps commas up to 6 digits and switches to M at 7 digits', () => {
    expect(formatNumber(999_999)).toBe('999,999')
    expect(formatNumber(1_000_000)).toBe('1.00M')
  })

  it('shortens 7 to 9 digits to millions with 2 decimals and M', () => {
    expect(formatNumber(1_500_000)).toBe('1.50M')
    expect(formatNumber(1_234_567)).toBe('1.23M')
    expect(formatNumber(987_654_321)).toBe('987.65M')
  })

  it('keeps M at 9 digits and switches to B at 10 digits', () => {
    expect(formatNumber(999_000_000)).toBe('999.00M')
    expect(formatNumber(1_000_000_000)).toBe('1.00B')
  })

  it('shows a 9-digit value that rounds to 1000.00M as 1.00B', () => {
    expect(formatNumber(999_999_999)).toBe('1.00B')
    expect(formatNumber(-999_999_999)).toBe('-1.00B')
  })

  it('shortens 10 or more digits to billions with 2 decimals and B', () => {
    expect(formatNumber(1_234_567_890)).toBe('1.23B')
    expect(formatNumber(12_345_678_901)).toBe('12.35B')
    expect(formatNumber(1_234_567_890_123)).toBe('1234.57B')
  })

  it('counts digits of the integer part only', () => {
    expect(formatNumber(999_999.99)).toBe('999,999.99')
    expect(formatNumber(999_999_999.5)).toBe('1.00B')
  })

  it('keeps the sign of negatives in every branch', () => {
    expect(formatNumber(-1234)).toBe('-1,234')
    expect(formatNumber(-1_500_000)).toBe('-1.50M')
    expect(formatNumber(-12_345_678_901)).toBe('-12.35B')
  })

  it('shows zero as "0", including values that round to zero', () => {
    expect(formatNumber(0)).toBe('0')
    expect(formatNumber(-0)).toBe('0')
    expect(formatNumber('0')).toBe('0')
    expect(formatNumber(-0.001)).toBe('0')
  })

  it('keeps up to 2 fraction digits below 7 digits, only when there are any', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5')
    expect(formatNumber(1234.567)).toBe('1,234.57')
    expect(formatNumber(1234.0)).toBe('1,234')
    expect(formatNumber(0.25)).toBe('0.25')
  })

  it('shows empty input as ""', () => {
    expect(formatNumber(null)).toBe('')
    expect(formatNumber(undefined)).toBe('')
    expect(formatNumber('')).toBe('')
    expect(formatNumber('   ')).toBe('')
  })

  it('shows non-numeric input as ""', () => {
    expect(formatNumber('abc')).toBe('')
    expect(formatNumber('12abc')).toBe('')
    expect(formatNumber('0x10')).toBe('')
    expect(formatNumber(',')).toBe('')
    expect(formatNumber(Number.NaN)).toBe('')
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('')
    expect(formatNumber('Infinity')).toBe('')
  })

  it('accepts numeric strings, with commas stripped', () => {
    expect(formatNumber('123456')).toBe('123,456')
    expect(formatNumber('1,234')).toBe('1,234')
    expect(formatNumber('1,234,567')).toBe('1.23M')
    expect(formatNumber('-1,234,567,890')).toBe('-1.23B')
    expect(formatNumber(' 850,000.5 ')).toBe('850,000.5')
  })
})

describe('formatPrice (spec §9 price display)', () => {
  it('puts the currency symbol before the formatted number', () => {
    expect(formatPrice(1_234_567)).toBe('$1.23M')
    expect(formatPrice(850_000)).toBe('$850,000')
    expect(formatPrice('1,234,567,890')).toBe('$1.23B')
    expect(formatPrice(0)).toBe('$0')
  })

  it('puts the sign of negatives before the symbol', () => {
    expect(formatPrice(-850_000)).toBe('-$850,000')
    expect(formatPrice(-1_234_567)).toBe('-$1.23M')
  })

  it('uses the given currency symbol', () => {
    expect(formatPrice(850_000, '₩')).toBe('₩850,000')
    expect(formatPrice(-2_000_000, '€')).toBe('-€2.00M')
  })

  it('shows empty or non-numeric prices as "" without a symbol', () => {
    expect(formatPrice(null)).toBe('')
    expect(formatPrice(undefined)).toBe('')
    expect(formatPrice('')).toBe('')
    expect(formatPrice('n/a')).toBe('')
  })
})

describe('formatTime12h (spec §9 times)', () => {
  it('shows midnight as 12 am', () => {
    expect(formatTime12h('00:00')).toBe('12:00 am')
    expect(formatTime12h('00:30')).toBe('12:30 am')
  })

  it('shows morning hours as am without a leading zero on the hour', () => {
    expect(formatTime12h('09:05')).toBe('9:05 am')
    expect(formatTime12h('01:00')).toBe('1:00 am')
    expect(formatTime12h('11:59')).toBe('11:59 am')
  })

  it('shows noon as 12 pm', () => {
    expect(formatTime12h('12:00')).toBe('12:00 pm')
    expect(formatTime12h('12:30')).toBe('12:30 pm')
  })

  it('shows afternoon and evening hours as pm', () => {
    expect(formatTime12h('13:00')).toBe('1:00 pm')
    expect(formatTime12h('23:59')).toBe('11:59 pm')
  })

  it('shows invalid times as ""', () => {
    for (const invalid of ['24:00', '12:60', '7:5', '7:05', '07:5', 'ab:cd', '', '0900', '09:05:00', ' 09:05', '-1:00']) {
      expect(formatTime12h(invalid), invalid).toBe('')
    }
  })
})

describe('weekdayAbbreviation (spec §9 weekdays)', () => {
  const week = [
    [0, 'sunday', 'Sun'],
    [1, 'monday', 'Mon'],
    [2, 'tuesday', 'Tue'],
    [3, 'wednesday', 'Wed'],
    [4, 'thursday', 'Thu'],
    [5, 'friday', 'Fri'],
    [6, 'saturday', 'Sat'],
  ] as const

  it.each(week)('maps day index %i to its abbreviation', (index, _name, abbreviation) => {
    expect(weekdayAbbreviation(index)).toBe(abbreviation)
  })

  it.each(week)('maps the full name of day %i (%s) in any case to its abbreviation', (_index, name, abbreviation) => {
    expect(weekdayAbbreviation(name)).toBe(abbreviation)
    expect(weekdayAbbreviation(name.toUpperCase())).toBe(abbreviation)
    expect(weekdayAbbreviation(`${name.charAt(0).toUpperCase()}${name.slice(1)}`)).toBe(abbreviation)
  })

  it('shows anything else as ""', () => {
    for (const invalid of [-1, 7, 1.5, Number.NaN, '', 'mon', 'Mon', 'funday', '1', ' monday']) {
      expect(weekdayAbbreviation(invalid), String(invalid)).toBe('')
    }
  })
})

describe('monthAbbreviation (spec §9 months)', () => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

  it.each(months.map((abbreviation, index) => [String(index + 1).padStart(2, '0'), abbreviation]))('maps month "%s" to %s', (month, abbreviation) => {
    expect(monthAbbreviation(month)).toBe(abbreviation)
  })

  it.each(months.map((abbreviation, index) => [index + 1, abbreviation] as const))('maps month number %i to %s', (month, abbreviation) => {
    expect(monthAbbreviation(month)).toBe(abbreviation)
  })

  it('accepts "1"–"9" without the leading zero', () => {
    expect(monthAbbreviation('1')).toBe('Jan')
    expect(monthAbbreviation('9')).toBe('Sep')
  })

  it('shows anything else as ""', () => {
    for (const invalid of [0, 13, 1.5, -1, Number.NaN, '', '0', '00', '13', '001', 'Jan', ' 1', '1.0', 'ab']) {
      expect(monthAbbreviation(invalid), String(invalid)).toBe('')
    }
  })
})

describe('area conversions (spec §9 areas)', () => {
  it('converts square feet to square meters at 0.09290304 m² per sq ft, rounded to 1 decimal', () => {
    expect(squareFeetToSquareMeters(1000)).toBe(92.9)
    expect(squareFeetToSquareMeters(1)).toBe(0.1)
    expect(squareFeetToSquareMeters(2500)).toBe(232.3)
    expect(squareFeetToSquareMeters(0)).toBe(0)
  })

  it('converts square feet to pyeong at 3.305785 m² per pyeong, rounded to 1 decimal', () => {
    expect(squareFeetToPyeong(1000)).toBe(28.1)
    expect(squareFeetToPyeong(35.58)).toBe(1)
    expect(squareFeetToPyeong(2500)).toBe(70.3)
    expect(squareFeetToPyeong(0)).toBe(0)
  })
})

describe('formatNumber below a million, written without Intl', () => {
  it('writes what Intl.NumberFormat en-US with at most 2 fraction digits writes (halves of the shortest decimal up)', () => {
    const intl = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 2 })
    const random = seededRandom(31)
    const values = [0, 4.9e-7, 5e-7, 0.0000015, 0.004999, 0.005, 0.015, 0.1 + 0.2, 1.005, 2.675, 999, 1000, 12_345.675, 100_000.5, 999_999.994, 999_999.995]
    for (let round = 0; round < 20_000; round++) {
      values.push(random() * 10 ** Math.floor(random() * 6), Math.round(random() * 1e8) / 1000, Math.floor(random() * 1e6) + Math.floor(random() * 200) / 200)
    }
    const differing = values.filter((value) => value < 1_000_000 && formatNumber(value) !== intl.format(value))
    expect(differing.slice(0, 5).map((value) => `${value}: ${formatNumber(value)} ≠ ${intl.format(value)}`)).toEqual([])
  })
})

describe('formatShortPrice (a marker’s price), written without Intl', () => {
  it('writes what Intl writes: compact en-US dollars with at most 2 fraction digits from $10,000, whole dollars below', () => {
    const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 })
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
    const intl = (price: number) => (Math.abs(price) >= 10_000 ? compact : whole).format(price)
    const random = seededRandom(29)
    const values = [
      0, 1, 999.5, 2_850, 9_999, 9_999.4, 10_000, 12_345, 99_995, 999_994, 999_995, 999_999, 1_000_000, 1_250_000, 1_255_000, 9_999_999, 999_995_000, 1e9,
      2.5e12,
    ]
    for (let round = 0; round < 20_000; round++) {
      values.push(Math.round(random() * 10 ** (2 + Math.floor(random() * 9))), Math.round(random() * 1e9) / 100, Math.floor(random() * 1e7))
    }
    const differing = values.filter((value) => formatShortPrice(value) !== intl(value))
    expect(differing.slice(0, 5).map((value) => `${value}: ${formatShortPrice(value)} ≠ ${intl(value)}`)).toEqual([])
  })
})
