import { dateTimeFormat } from '~/lib/date-time-format'
import { areaToSquareFeet } from '~/lib/format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'

/*
 * How the market pages write their figures (spec §9: thousands commas, millions as "M"), the
 * months of the trend and, on Korean pages, the price per 평 beside the price per square foot.
 */

/**
 * `2026-11` → "Nov 2026" / "2026년 11월" (`narrow`: "Nov" / "11월", for a chart's axis); in UTC,
 * as the month was cut.
 */
export function formatMonth(month: string, lang: Lang, style: 'short' | 'long' | 'narrow' = 'short'): string {
  const options: Intl.DateTimeFormatOptions = style === 'narrow' ? { month: 'short' } : { year: 'numeric', month: style }
  return dateTimeFormat(LOCALE_TAG[lang], { ...options, timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
}

/** The day figures were computed, in the listing source's time zone. */
export function formatAsOf(iso: string, lang: Lang, timeZone: string): string {
  return dateTimeFormat(LOCALE_TAG[lang], { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(new Date(iso))
}

/** A price per 평 from a price per square foot (one 평 is about 35.58 sq ft). */
export function pricePerPyeong(pricePerSquareFoot: number): number {
  return Math.round(pricePerSquareFoot * areaToSquareFeet(1, 'pyeong'))
}
