import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { dateTimeFormat } from './date-time-format'

/*
 * The digest's time zone as a person looks for it (issue 52 item 9, decision 070): named in the
 * reader's language by Intl ("미 태평양 시간", "Pacific Time", `timeZoneName: 'longGeneric'`)
 * with its city, the zones our realtors and their Korean clients live in first, and a search
 * over names, cities and ids instead of a list of 400 raw IANA ids.
 */

/** First in the list: the US zones, then Seoul. */
export const COMMON_TIME_ZONES: ReadonlyArray<{ zone: string; city: MessageDescriptor }> = [
  { zone: 'America/Los_Angeles', city: msg`Los Angeles` },
  { zone: 'America/Denver', city: msg`Denver` },
  { zone: 'America/Phoenix', city: msg`Phoenix` },
  { zone: 'America/Chicago', city: msg`Chicago` },
  { zone: 'America/New_York', city: msg`New York` },
  { zone: 'America/Anchorage', city: msg`Anchorage` },
  { zone: 'Pacific/Honolulu', city: msg`Honolulu` },
  { zone: 'Asia/Seoul', city: msg`Seoul` },
]

export type TimeZoneOption = { zone: string; label: string; common: boolean }

/** The zone's generic name in a language (Pacific Time), or its offset for zones Intl names none. */
function genericName(zone: string, locale: string): string {
  try {
    return (
      dateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date(0))
        .find((part) => part.type === 'timeZoneName')?.value ?? zone
    )
  } catch {
    return zone
  }
}

/** The city of an IANA id as written there: `America/Argentina/Buenos_Aires` → Buenos Aires. */
function cityOf(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ')
}

/**
 * Every zone this runtime knows, labelled "Pacific Time · Los Angeles", the common ones first
 * in their order, the rest by label. `current` is kept even when the runtime does not list it.
 */
export function timeZoneOptions(locale: string, i18n: I18n, current: string): Array<TimeZoneOption> {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const common = COMMON_TIME_ZONES.map(({ zone, city }) => ({ zone, label: `${genericName(zone, locale)} · ${i18n._(city)}`, common: true }))
  const commonZones = new Set(common.map((option) => option.zone))
  const others = [...new Set([...known, current])]
    .filter((zone) => zone !== '' && !commonZones.has(zone))
    .map((zone) => ({ zone, label: `${genericName(zone, locale)} · ${cityOf(zone)}`, common: false }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))
  return [...common, ...others]
}

/** Whether an option matches what was typed: every word in its label or its id, any case. */
export function matchesTimeZone(option: TimeZoneOption, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const text = `${option.label} ${option.zone.replaceAll('_', ' ')}`.toLowerCase()
  return words.every((word) => text.includes(word))
}
