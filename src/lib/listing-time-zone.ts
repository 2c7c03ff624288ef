import { dateTimeFormat } from './date-time-format'
import { STATE_TIME_ZONES, timeZoneOfState } from './listing-time-zones'

/*
 * Open houses' wall-clock times in a listing's zone (issue 26 item 5, decision 023). The zone
 * comes from the one state → zone map (`listing-time-zones.ts`, which tour requests use too).
 */

/** A listing's zone; Los Angeles for a state we do not know (every listing so far is CA or GA). */
export function listingTimeZone(state: string): string {
  return timeZoneOfState(state) ?? STATE_TIME_ZONES.CA
}

/** Wall-clock parts of an instant in a zone. */
export function wallClockIn(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant)
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour'), minute: value('minute') }
}

/** The zone's offset from UTC at an instant, in minutes (Los Angeles in winter: -480). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClockIn(instant, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000)
}

/**
 * The instant a wall-clock date and time ("2026-03-08", "14:30") names in a zone. Across a
 * daylight-saving change the offset of the guess may differ from the answer's, so it is asked
 * again at the answer. A time the spring-forward gap skips (2:30 am that Sunday) comes out an
 * hour later, as a clock would show it; an hour repeated in the fall takes its first pass.
 * Undefined for a malformed date or time.
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date | undefined {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const timeMatch = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  if (!dateMatch || !timeMatch) return undefined
  const [year, month, day] = [Number(dateMatch[1]), Number(dateMatch[2]), Number(dateMatch[3])]
  const naive = Date.UTC(year, month - 1, day, Number(timeMatch[1]), Number(timeMatch[2]))
  const check = new Date(naive)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined
  // A day is far enough from any transition on either side for the zone's two offsets.
  const before = offsetMinutes(new Date(naive - 86_400_000), timeZone)
  const after = offsetMinutes(new Date(naive + 86_400_000), timeZone)
  const candidates = [naive - before * 60_000, naive - after * 60_000]
  const matching = candidates.filter((instant) => {
    const wall = wallClockIn(new Date(instant), timeZone)
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) === naive
  })
  // The fall's repeated hour matches twice: the first pass is the one people mean. The
  // spring's skipped hour matches never: the offset before the change moves it forward.
  return new Date(matching.length > 0 ? Math.min(...matching) : naive - before * 60_000)
}

/** "YYYY-MM-DD" and "HH:MM" of an instant in a zone: what the realtor's form shows back. */
export function utcToZonedWallTime(iso: string, timeZone: string): { date: string; time: string } {
  const wall = wallClockIn(new Date(iso), timeZone)
  const pad = (value: number) => String(value).padStart(2, '0')
  return { date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` }
}
