import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { LOCALE_TAG, type Lang } from './lang'

/*
 * A home's local time (issue 26 item 4): a tour is booked in the time zone of the home, not of
 * the visitor's phone or the server. The states this platform serves each lie in one zone, so
 * the state names it. Browser-safe and without zod: the listing page's tour form uses it.
 */

/** The IANA zone of each state a listing can be in; the one place that knows it. */
export const STATE_TIME_ZONES = {
  CA: 'America/Los_Angeles',
  GA: 'America/New_York',
} as const satisfies Record<string, string>

export type ListingTimeZone = (typeof STATE_TIME_ZONES)[keyof typeof STATE_TIME_ZONES]

const ZONE_NAMES: Record<ListingTimeZone, MessageDescriptor> = {
  'America/Los_Angeles': msg`Pacific Time`,
  'America/New_York': msg`Eastern Time`,
}

function isKnownState(state: string): state is keyof typeof STATE_TIME_ZONES {
  return Object.hasOwn(STATE_TIME_ZONES, state)
}

/** The zone of a listing in `state` (CA, GA); undefined for a state this platform does not serve. */
export function timeZoneOfState(state: string): ListingTimeZone | undefined {
  const key = state.trim().toUpperCase()
  return isKnownState(key) ? STATE_TIME_ZONES[key] : undefined
}

export function isListingTimeZone(zone: string): zone is ListingTimeZone {
  return Object.values(STATE_TIME_ZONES).some((known) => known === zone)
}

/** "Pacific Time", "Eastern Time": how the form and the mails name the zone. */
export function timeZoneName(zone: ListingTimeZone): MessageDescriptor {
  return ZONE_NAMES[zone]
}

/**
 * "Monday, November 2, 2026 at 10:00 AM (Pacific Time)", in the visitor's language, on the home's
 * clock: the tour mails, and the times repeated when a request is sent.
 */
export function tourTimeText(start: Date, timeZone: string, lang: Lang, i18n: I18n): string {
  const when = new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'full', timeStyle: 'short', timeZone }).format(start)
  return isListingTimeZone(timeZone) ? `${when} (${i18n._(timeZoneName(timeZone))})` : `${when} (${timeZone})`
}

/** The wall-clock fields of an instant in a zone. */
export function zonedParts(instant: Date, zone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '00'
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` }
}

/** Minutes the zone is ahead of UTC at an instant (−480 for Pacific standard time). */
function offsetMinutes(instant: Date, zone: string): number {
  const { date, time } = zonedParts(instant, zone)
  const wall = Date.parse(`${date}T${time}:00Z`)
  return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000)
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

export function isLocalDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const parsed = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value)
}

export function isLocalTime(value: string): boolean {
  return TIME.test(value)
}

/**
 * The UTC instant of a wall-clock date and time in a zone, e.g. 2026-11-02 10:00 in
 * America/Los_Angeles → 2026-11-02T18:00:00Z (standard time, the day after summer time ended).
 * The zone's offset is read at the instant itself, found in two steps, so it is right on either
 * side of a change. A time a change skips (02:30 on the spring-forward night) has no instant;
 * undefined, as for a malformed date or time.
 */
export function zonedTimeToUtc(date: string, time: string, zone: string): Date | undefined {
  if (!isLocalDate(date) || !isLocalTime(time)) return undefined
  const wallAsUtc = Date.parse(`${date}T${time}:00Z`)
  const guess = new Date(wallAsUtc - offsetMinutes(new Date(wallAsUtc), zone) * 60_000)
  const instant = new Date(wallAsUtc - offsetMinutes(guess, zone) * 60_000)
  const back = zonedParts(instant, zone)
  return back.date === date && back.time === time ? instant : undefined
}

/** The local date `days` after an instant's local date in a zone. */
export function localDateAfter(instant: Date, zone: string, days: number): string {
  const today = zonedParts(instant, zone).date
  const next = new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000)
  return next.toISOString().slice(0, 10)
}

/** Tours are offered from tomorrow (the home's day) up to this many days ahead. */
export const TOUR_MAX_DAYS_AHEAD = 30
/** The first and last start times offered, home's local time, every half hour. */
export const TOUR_FIRST_START = '08:00'
export const TOUR_LAST_START = '19:30'
/** A tour takes an hour, in the invitation too. */
export const TOUR_DURATION_MINUTES = 60

/** The start times the form offers: 08:00, 08:30, … 19:30. */
export function tourStartTimes(): Array<string> {
  const times: Array<string> = []
  const [firstHour] = TOUR_FIRST_START.split(':').map(Number)
  const [lastHour, lastMinute] = TOUR_LAST_START.split(':').map(Number)
  for (let minutes = (firstHour ?? 8) * 60; minutes <= (lastHour ?? 19) * 60 + (lastMinute ?? 30); minutes += 30) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`)
  }
  return times
}

/** Whether a local time is one a tour may start at: within the day's hours, on the half hour. */
export function isTourStartTime(time: string): boolean {
  return tourStartTimes().includes(time)
}

/** The first and last dates a visitor may pick, in the home's zone: tomorrow to 30 days ahead. */
export function tourDateRange(now: Date, zone: string): { first: string; last: string } {
  return { first: localDateAfter(now, zone, 1), last: localDateAfter(now, zone, TOUR_MAX_DAYS_AHEAD) }
}
