/**
 * Whole years of career from careerStart to careerEnd, or to today when still active.
 * Dates are spec §5 `YYYY-MM-DD`; anything unreadable gives undefined (the number is hidden).
 */
export function careerYears(start: string | null | undefined, end: string | null | undefined, today: Date): number | undefined {
  const from = parseDay(start)
  if (!from) return undefined
  const to = parseDay(end) ?? { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() }
  let years = to.year - from.year
  if (to.month < from.month || (to.month === from.month && to.day < from.day)) years -= 1
  return years >= 0 ? years : undefined
}

function parseDay(value: string | null | undefined) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '')
  if (!match) return undefined
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
}
