import { dateTimeFormat } from './date-time-format'

/*
 * A realtor's own day and hour, in their IANA time zone (issue 26: the daily digest).
 * Intl does the zone rules, daylight-saving changes included, so no offset is ever added by
 * hand: on the day clocks spring forward the local hour 2 never comes, and on the day they
 * fall back the hour 1 comes twice; asking Intl for "now" gives the right answer both times.
 */

export const DEFAULT_TIME_ZONE = 'America/Los_Angeles'

/** Whether Intl knows this IANA zone name (`America/New_York`, `Asia/Seoul`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export type LocalMoment = { date: string; hour: number }

/** The wall clock of a time zone at an instant, field by field (`year`, `hour`, `timeZoneName`…), two digits each, hours 00–23. */
function wallClock(at: Date, timeZone: string): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at)
  return (type) => parts.find((item) => item.type === type)?.value ?? ''
}

/** The local date (YYYY-MM-DD) and hour (0–23) of an instant in a time zone. */
export function localMoment(at: Date, timeZone: string): LocalMoment {
  const part = wallClock(at, timeZone)
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) % 24 }
}

/**
 * An instant as ISO 8601 on the wall clock of a time zone, with that zone's offset then
 * (`2026-11-02T18:01:00+09:00`): the same instant as the UTC text, read as the realtor reads it.
 * Spreadsheets and programs take it as is; the offset follows daylight-saving time.
 */
export function isoInTimeZone(iso: string, timeZone: string): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return iso
  const part = wallClock(at, timeZone)
  // `GMT+09:00`, `GMT-07:00`, or `GMT` alone for UTC itself.
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00'
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`
}
