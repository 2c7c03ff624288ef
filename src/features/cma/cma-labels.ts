/*
 * The workspace's and share page's own helpers for a CMA's figures (issue 53); the words and the
 * dollars they share with the PDF are in src/lib/cma-words.ts.
 */

/** A YYYY-MM-DD day in the reader's language, read in UTC so the server and the browser agree. */
export function cmaDayText(day: string, locale: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}

/** A whole-dollar amount as typed in a grid cell ("12,000", "-8500", "$3,000"); empty is 0; NaN when it is not a number. */
export function typedDollars(text: string): number {
  const cleaned = text.replace(/[\s,$]/g, '').replace(/^−/, '-')
  return cleaned === '' || cleaned === '+' || cleaned === '-' ? 0 : Number(cleaned)
}
