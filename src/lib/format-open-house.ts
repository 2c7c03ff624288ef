import type { I18n } from '@lingui/core'
import { formatTime12h, monthAbbreviation, weekdayAbbreviation } from './format'
import type { Lang } from './lang'
import { wallClockIn } from './listing-time-zone'
import { isListingTimeZone, timeZoneName } from './listing-time-zones'

/*
 * An open house's date and hours as a page shows them (issue 26 item 5): in the listing's own
 * zone, named, so every visitor reads the time the door opens wherever they are. English
 * follows spec §9's rules (weekday and month abbreviations, "1:00 pm"); Korean reads as
 * Korean dates do ("11월 28일 (토) 오후 1:00").
 */

const pad = (value: number) => String(value).padStart(2, '0')

/*
 * The zone in our own words ("Pacific Time", "태평양 시간"), never Intl's long name: the server's
 * ICU and a browser's name US zones differently in Korean ("미 태평양 표준시" / "북미 태평양
 * 표준시"), which would change the text at hydration and fall outside the page's own font.
 */
function zoneName(timeZone: string, i18n: I18n): string {
  return isListingTimeZone(timeZone) ? i18n._(timeZoneName(timeZone)) : timeZone
}

function koreanTime(hour: number, minute: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  return `${hour < 12 ? '오전' : '오후'} ${hour12}:${pad(minute)}`
}

const KOREAN_WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const

/** "Sat, Nov 28 · 1:00 pm – 4:00 pm Pacific Time" / "11월 28일 (토) 오후 1:00 – 오후 4:00 미국 태평양 시간". */
export function formatOpenHouseTime(startIso: string, endIso: string, timeZone: string, lang: Lang, i18n: I18n): { date: string; hours: string; zone: string } {
  const start = new Date(startIso)
  const end = new Date(endIso)
  const from = wallClockIn(start, timeZone)
  const to = wallClockIn(end, timeZone)
  const weekday = new Date(Date.UTC(from.year, from.month - 1, from.day)).getUTCDay()
  const zone = zoneName(timeZone, i18n)
  if (lang === 'ko') {
    return {
      date: `${from.month}월 ${from.day}일 (${KOREAN_WEEKDAYS[weekday] ?? ''})`,
      hours: `${koreanTime(from.hour, from.minute)} – ${koreanTime(to.hour, to.minute)}`,
      zone,
    }
  }
  return {
    date: `${weekdayAbbreviation(weekday)}, ${monthAbbreviation(from.month)} ${from.day}`,
    hours: `${formatTime12h(`${pad(from.hour)}:${pad(from.minute)}`)} – ${formatTime12h(`${pad(to.hour)}:${pad(to.minute)}`)}`,
    zone,
  }
}
