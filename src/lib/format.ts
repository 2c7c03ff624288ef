/**
 * Display formatting rules of spec §9: numbers and prices, 12-hour times, weekday and
 * month abbreviations, and area conversions.
 * Pure and isomorphic: no locale or time zone of the runtime leaks into the output.
 */

/**
 * Grouped en-US digits with at most 2 fraction digits, for a number below a million: what
 * `Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })` writes, without it. A browser's
 * first NumberFormat loads its locale data, about 60 ms of a slowed phone's main thread at the
 * start of every island that shows a price. Like Intl it rounds the number's shortest decimal
 * form half up (1.005 is "1.01", where `toFixed` gives "1.00"); a unit test compares the two.
 */
function groupedBelowMillion(abs: number): string {
  return decimalText(hundredthsHalfUp(abs))
}

/** A non-negative number in hundredths, its shortest decimal form rounded half up at the third decimal. */
function hundredthsHalfUp(abs: number): number {
  const decimal = String(abs)
  // Below a millionth the shortest form is exponential, and the number rounds to zero.
  if (decimal.includes('e')) return 0
  const [whole = '0', fraction = ''] = decimal.split('.')
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'))
  return (fraction[2] ?? '0') >= '5' ? cents + 1 : cents
}

/** Hundredths as grouped en-US digits, trailing zeros of the fraction left out: 123456 is "1,234.56". */
function decimalText(cents: number): string {
  const wholePart = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',')
  const fractionPart = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return fractionPart ? `${wholePart}.${fractionPart}` : wholePart
}

/** Intl's compact en-US units, largest first. */
const COMPACT_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
]

/**
 * A price short enough for a map's marker: "$1.25M", "$975K", whole dollars below $10,000
 * ("$3,200"). What `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes
 * with `notation: 'compact'` and 2 fraction digits at most from $10,000 up, and 0 below, without
 * Intl: the map island's first NumberFormat cost a slowed phone ~0.1 s of locale data (a unit
 * test compares the two).
 */
export function formatShortPrice(price: number): string {
  const abs = Math.abs(price)
  const sign = price < 0 ? '-' : ''
  if (abs < 10_000) {
    const decimal = String(abs)
    const [whole = '0', fraction = ''] = decimal.includes('e') ? ['0'] : decimal.split('.')
    const dollars = Number(whole) + ((fraction[0] ?? '0') >= '5' ? 1 : 0)
    return dollars === 0 ? '$0' : `${sign}$${decimalText(dollars * 100)}`
  }
  const index = COMPACT_UNITS.findIndex(([unit]) => abs >= unit)
  const [unit, suffix] = COMPACT_UNITS[index] ?? [1e3, 'K']
  const cents = hundredthsHalfUp(abs / unit)
  // 999,995 rounds to 1000.00K: Intl writes the next unit's "1M".
  const larger = COMPACT_UNITS[index - 1]
  if (cents >= 100_000 && larger) return `${sign}$${decimalText(hundredthsHalfUp(abs / larger[0]))}${larger[1]}`
  return `${sign}$${decimalText(cents)}${suffix}`
}

/** A plain decimal number, optionally signed, optionally in exponent form (commas stripped first). */
const NUMERIC_STRING = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i

const BILLION = 1_000_000_000
const MILLION = 1_000_000

/** Spec §9: empty and non-numeric input display as nothing; numeric strings may carry commas. */
function toFiniteNumber(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  const text = value.trim().replaceAll(',', '')
  if (!NUMERIC_STRING.test(text)) return undefined
  const parsed = Number(text)
  return Number.isFinite(parsed) ? parsed : undefined
}

/** The unsigned display of a non-negative number: B for 10+ integer digits, M for 7–9, commas below. */
function formatMagnitude(abs: number): string {
  // An integer part of 10+ digits is exactly `abs >= 1e9`; of 7+ digits, `abs >= 1e6`.
  if (abs >= BILLION) return `${(abs / BILLION).toFixed(2)}B`
  if (abs >= MILLION) {
    const millions = (abs / MILLION).toFixed(2)
    // Decision: a 9-digit value that rounds to 1000.00M (e.g. 999,999,999) shows as 1.00B instead.
    return millions === '1000.00' ? '1.00B' : `${millions}M`
  }
  return groupedBelowMillion(abs)
}

/**
 * Spec §9 number display: commas below 7 integer digits (up to 2 fraction digits kept),
 * millions with 2 decimals and "M" for 7–9 digits, billions with 2 decimals and "B" for 10+;
 * negatives keep their sign, zero is "0", empty or non-numeric input is "".
 */
export function formatNumber(value: number | string | null | undefined): string {
  const number = toFiniteNumber(value)
  if (number === undefined) return ''
  const magnitude = formatMagnitude(Math.abs(number))
  // A value that rounds to zero (e.g. -0.001) displays as "0", never "-0".
  return number < 0 && magnitude !== '0' ? `-${magnitude}` : magnitude
}

/** Spec §9 price display: formatNumber with the currency symbol after the sign ("-$1.23M"). */
export function formatPrice(value: number | string | null | undefined, currencySymbol = '$'): string {
  const formatted = formatNumber(value)
  if (formatted === '') return ''
  return formatted.startsWith('-') ? `-${currencySymbol}${formatted.slice(1)}` : `${currencySymbol}${formatted}`
}

/** Strict 24-hour "hh:mm": two-digit hours 00–23 and minutes 00–59. */
const TIME_24H = /^([01]\d|2[0-3]):([0-5]\d)$/

/**
 * Spec §9 times: 24-hour "hh:mm" to "h:mm am|pm" ("00:00" is "12:00 am", "12:30" is "12:30 pm");
 * anything that is not a valid two-digit "hh:mm" gives "".
 * Decision: the hour is not zero-padded in the output ("09:05" gives "9:05 am"), the minutes are.
 */
export function formatTime12h(value: string): string {
  const match = TIME_24H.exec(value)
  if (!match) return ''
  const [, hours = '', minutes = ''] = match
  const hour24 = Number(hours)
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12
  return `${hour12}:${minutes} ${hour24 < 12 ? 'am' : 'pm'}`
}

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
const WEEKDAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

/**
 * Spec §9 weekdays: a day index 0–6 (0 = Sunday, as `Date#getDay`) or a full English weekday
 * name in any case gives its 3-letter abbreviation; anything else (including numeric strings
 * and abbreviations) gives "".
 */
export function weekdayAbbreviation(day: number | string): string {
  const index = typeof day === 'number' ? day : WEEKDAY_NAMES.findIndex((name) => name === day.toLowerCase())
  if (!Number.isInteger(index)) return ''
  return WEEKDAY_ABBREVIATIONS[index] ?? ''
}

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** A month as "01"–"12" or, without the leading zero, "1"–"9". */
const MONTH_STRING = /^(?:0?[1-9]|1[0-2])$/

/** Spec §9 months: "01"–"12" (also "1"–"9" and the numbers 1–12) give Jan–Dec; anything else gives "". */
export function monthAbbreviation(month: string | number): string {
  if (typeof month === 'string' && !MONTH_STRING.test(month)) return ''
  const index = Number(month) - 1
  if (!Number.isInteger(index)) return ''
  return MONTH_ABBREVIATIONS[index] ?? ''
}

const SQUARE_METERS_PER_SQUARE_FOOT = 0.09290304
const SQUARE_METERS_PER_PYEONG = 3.305785

/** Rounds to 1 decimal place; `+ 0` turns a rounded -0 into 0. */
function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10 + 0
}

/** Spec §9 areas: square feet to 평 (pyeong) via square meters, rounded to 1 decimal. */
export function squareFeetToPyeong(sqft: number): number {
  return roundToTenth((sqft * SQUARE_METERS_PER_SQUARE_FOOT) / SQUARE_METERS_PER_PYEONG)
}

export const AREA_UNITS = ['sqft', 'm2', 'pyeong'] as const
export type AreaUnit = (typeof AREA_UNITS)[number]

/**
 * The other way round, for forms that take an area in the unit a Korean reader thinks in (평 or ㎡):
 * the estimator works in square feet like the listings store, so every entry is turned into sq ft once.
 */
export function areaToSquareFeet(value: number, unit: AreaUnit): number {
  if (unit === 'sqft') return value
  const squareMeters = unit === 'm2' ? value : value * SQUARE_METERS_PER_PYEONG
  return squareMeters / SQUARE_METERS_PER_SQUARE_FOOT
}

/** Spec §9 areas: square feet to square meters (1 sq ft = 0.09290304 m²), rounded to 1 decimal. */
export function squareFeetToSquareMeters(sqft: number): number {
  return roundToTenth(sqft * SQUARE_METERS_PER_SQUARE_FOOT)
}
