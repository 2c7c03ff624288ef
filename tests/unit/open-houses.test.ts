import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '../../src/i18n/i18n'
import { formatOpenHouseTime } from '../../src/lib/format-open-house'
import { listingTimeZone, utcToZonedWallTime, zonedWallTimeToUtc } from '../../src/lib/listing-time-zone'
import { nextWeekendDates } from '../../src/server/listings/demo-open-houses'
import { openHouseIcsText, openHouseUid } from '../../src/server/open-houses/open-house-ics'

/*
 * Open houses without a database (issue 26 item 5): the listing's zone, wall-clock times to
 * UTC across daylight-saving changes, the page's wording, the demo's next weekend, and the
 * .ics file read back by a real iCalendar parser.
 */

const LA = 'America/Los_Angeles'
const NY = 'America/New_York'

describe('listing time zones', () => {
  it('takes the zone from the state, one map for both states', () => {
    expect(listingTimeZone('CA')).toBe(LA)
    expect(listingTimeZone('ga')).toBe(NY)
  })

  it('turns a wall-clock time into UTC on both sides of the spring change (2026-03-08)', () => {
    // Saturday: Pacific Standard Time, UTC-8; Sunday after 2 am: Pacific Daylight Time, UTC-7.
    expect(zonedWallTimeToUtc('2026-03-07', '13:00', LA)?.toISOString()).toBe('2026-03-07T21:00:00.000Z')
    expect(zonedWallTimeToUtc('2026-03-08', '13:00', LA)?.toISOString()).toBe('2026-03-08T20:00:00.000Z')
    expect(zonedWallTimeToUtc('2026-03-08', '01:30', LA)?.toISOString()).toBe('2026-03-08T09:30:00.000Z')
    expect(zonedWallTimeToUtc('2026-03-08', '13:00', NY)?.toISOString()).toBe('2026-03-08T17:00:00.000Z')
  })

  it('moves a time the spring change skips forward, and takes the first pass of the fall’s repeated hour', () => {
    expect(zonedWallTimeToUtc('2026-03-08', '02:30', LA)?.toISOString()).toBe('2026-03-08T10:30:00.000Z')
    // 2026-11-01 1:30 am happens twice in Los Angeles: first in PDT (08:30Z), then in PST (09:30Z).
    expect(zonedWallTimeToUtc('2026-11-01', '01:30', LA)?.toISOString()).toBe('2026-11-01T08:30:00.000Z')
    expect(zonedWallTimeToUtc('2026-11-01', '13:00', LA)?.toISOString()).toBe('2026-11-01T21:00:00.000Z')
  })

  it('reads the wall clock back, and refuses malformed dates and times', () => {
    expect(utcToZonedWallTime('2026-03-08T20:00:00.000Z', LA)).toEqual({ date: '2026-03-08', time: '13:00' })
    expect(zonedWallTimeToUtc('2026-02-30', '13:00', LA)).toBeUndefined()
    expect(zonedWallTimeToUtc('2026-03-08', '24:00', LA)).toBeUndefined()
    expect(zonedWallTimeToUtc('8 March', '13:00', LA)).toBeUndefined()
  })
})

describe('open house wording', () => {
  it('names the day, the hours and the zone in each language, in the listing’s zone whatever the reader’s', async () => {
    await loadCatalog('en')
    await loadCatalog('ko')
    const start = '2026-03-08T20:00:00.000Z'
    const end = '2026-03-08T23:00:00.000Z'
    expect(formatOpenHouseTime(start, end, LA, 'en', i18nFor('en'))).toEqual({ date: 'Sun, Mar 8', hours: '1:00 pm – 4:00 pm', zone: 'Pacific Time' })
    const korean = formatOpenHouseTime(start, end, LA, 'ko', i18nFor('ko'))
    expect(korean.date).toBe('3월 8일 (일)')
    expect(korean.hours).toBe('오후 1:00 – 오후 4:00')
    // Our own words, the same on the server and in every browser (Intl's Korean names differ by ICU).
    expect(korean.zone).toBe('미국 태평양 시간')
    expect(formatOpenHouseTime('2026-03-07T21:00:00.000Z', '2026-03-08T00:00:00.000Z', 'America/New_York', 'en', i18nFor('en')).zone).toBe('Eastern Time')
  })
})

describe('demo open houses', () => {
  it('fall on the coming Saturday and Sunday', () => {
    expect(nextWeekendDates('2026-11-24')).toEqual(['2026-11-28', '2026-11-29'])
    expect(nextWeekendDates('2026-11-28')).toEqual(['2026-12-05', '2026-12-06'])
    expect(nextWeekendDates('2026-11-29')).toEqual(['2026-12-05', '2026-12-06'])
  })
})

describe('open house .ics', () => {
  const id = '0b9d3c1e-5a4f-4c7e-9f0a-1b2c3d4e5f60'
  const event = {
    id,
    title: 'Open house: 12 Elm St, Irvine, CA 92620',
    description: 'Bring your questions.\nListing number IRV-1',
    location: '12 Elm St, Irvine, CA 92620',
    start: '2026-03-08T20:00:00.000Z',
    end: '2026-03-08T23:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  }

  function parse(text: string) {
    const calendar = ICAL.Component.fromString(text)
    const vevent = calendar.getFirstSubcomponent('vevent')
    if (!vevent) throw new Error('no VEVENT')
    return { calendar, vevent, event: new ICAL.Event(vevent) }
  }

  it('parses back to the same instants, title, location and a stable UID', () => {
    const text = openHouseIcsText(event)
    const { calendar, vevent, event: parsed } = parse(text)
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(parsed.startDate.toJSDate().toISOString()).toBe(event.start)
    expect(parsed.endDate.toJSDate().toISOString()).toBe(event.end)
    expect(parsed.startDate.isDate).toBe(false)
    expect(parsed.summary).toBe(event.title)
    expect(parsed.location).toBe(event.location)
    expect(parsed.description).toBe(event.description)
    expect(parsed.uid).toBe(openHouseUid(id))
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    // The same open house gives the same UID in every file, so a calendar updates rather than duplicates it.
    expect(parse(openHouseIcsText({ ...event, title: 'Changed' })).event.uid).toBe(parsed.uid)
  })

  it('has no LOCATION when the MLS hides the address', () => {
    const { vevent } = parse(openHouseIcsText({ ...event, location: undefined }))
    expect(vevent.getFirstProperty('location')).toBeNull()
  })
})
