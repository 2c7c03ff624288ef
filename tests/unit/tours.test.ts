import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { isTourStartTime, timeZoneOfState, tourDateRange, zonedParts, zonedTimeToUtc } from '~/lib/listing-time-zones'
import { tourRequestSchema } from '~/schemas/tours'
import { tourCalendar } from '~/server/tours/tour-calendar'
import { renderTourMail } from '~/server/tours/tour-mail'

/*
 * Issue 26 item 4: a tour's times on the home's clock across a change of clocks, the request's
 * shape rules, and the calendar file read back by a real iCalendar parser.
 */

describe('listing time zones', () => {
  it('names one zone per served state', () => {
    expect(timeZoneOfState('CA')).toBe('America/Los_Angeles')
    expect(timeZoneOfState('ga')).toBe('America/New_York')
    expect(timeZoneOfState('TX')).toBeUndefined()
  })

  it('converts a wall-clock time to UTC on both sides of the end of summer time (2026-11-01)', () => {
    expect(zonedTimeToUtc('2026-10-31', '10:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-10-31T17:00:00.000Z')
    // The day after the change: standard time, UTC−8.
    expect(zonedTimeToUtc('2026-11-02', '10:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-11-02T18:00:00.000Z')
    expect(zonedTimeToUtc('2026-11-02', '10:00', 'America/New_York')?.toISOString()).toBe('2026-11-02T15:00:00.000Z')
    // And at its start in spring: 02:30 does not exist on 2026-03-08.
    expect(zonedTimeToUtc('2026-03-08', '02:30', 'America/Los_Angeles')).toBeUndefined()
    expect(zonedTimeToUtc('2026-03-09', '09:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-03-09T16:00:00.000Z')
    expect(zonedTimeToUtc('2026-02-30', '09:00', 'America/Los_Angeles')).toBeUndefined()
    expect(zonedParts(new Date('2026-11-02T18:00:00Z'), 'America/Los_Angeles')).toEqual({ date: '2026-11-02', time: '10:00' })
  })

  it('offers tomorrow to 30 days ahead on the home’s day, at reasonable hours', () => {
    // 22:00 on Oct 31 in Irvine is already Nov 1 in UTC: tomorrow is still Nov 1 in Irvine.
    expect(tourDateRange(new Date('2026-11-01T05:00:00Z'), 'America/Los_Angeles')).toEqual({ first: '2026-11-01', last: '2026-11-30' })
    expect(isTourStartTime('08:00')).toBe(true)
    expect(isTourStartTime('19:30')).toBe(true)
    expect(isTourStartTime('20:00')).toBe(false)
    expect(isTourStartTime('10:15')).toBe(false)
  })
})

describe('tour request schema', () => {
  const base = {
    realtorId: 'r1',
    listingKey: 'L1',
    mode: 'video',
    slots: [
      { date: '2026-11-02', time: '10:00' },
      { date: '2026-11-03', time: '10:00' },
    ],
    name: 'Minji',
    email: 'minji@example.org',
    consent: true,
  }
  const issues = (input: Record<string, unknown>) =>
    tourRequestSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

  it('takes two or three distinct times and today’s consent wording', () => {
    const parsed = tourRequestSchema.parse(base)
    expect(parsed.consentVersion).toBe('tour-v1')
    expect(issues({ slots: [...base.slots, { date: '2026-11-04', time: '09:00' }] })).toEqual([])
  })

  it('refuses one time, four times, a duplicate, a bad zone, a missing consent', () => {
    expect(issues({ slots: [base.slots[0]] })).toHaveLength(1)
    expect(issues({ slots: [...base.slots, ...base.slots] })[0]).toMatch(/^slots/)
    expect(issues({ slots: [base.slots[0], base.slots[0]] })).toEqual([expect.stringMatching(/^slots\.1: /)])
    expect(issues({ timeZone: 'Asia/Seoul' })).toEqual([expect.stringMatching(/^timeZone: /)])
    expect(issues({ consent: false })).toEqual([expect.stringMatching(/^consent: /)])
    expect(issues({ slots: [{ date: '2026-11-02', time: '25:00' }, base.slots[1]] })).toEqual([expect.stringMatching(/^slots\.0\.time: /)])
  })
})

describe('tour calendar', () => {
  const input = {
    tourId: 'abc',
    host: 'homes.example',
    start: new Date('2026-11-02T18:00:00Z'),
    title: 'In-person tour: 12 Elm St, Irvine, CA 92618',
    description: 'With Jane Kim',
    location: '12 Elm St, Irvine, CA 92618',
    organizer: { name: 'Jane Kim', email: 'jane@realty.example' },
    attendee: { name: 'Minji Kim', email: 'minji@example.org' },
    createdAt: new Date('2026-10-28T16:00:00Z'),
    updatedAt: new Date('2026-10-29T16:00:00Z'),
  }

  function parse(text: string) {
    const jcal: Array<unknown> = ICAL.parse(text) as Array<unknown>
    const calendar = new ICAL.Component(jcal)
    const vevent = calendar.getFirstSubcomponent('vevent') ?? undefined
    const event = new ICAL.Event(vevent)
    return { calendar, event, vevent }
  }

  it('is an invitation a parser reads back: method, UID, sequence, UTC start, one hour, place, people', () => {
    const { calendar, event } = parse(tourCalendar({ ...input, method: 'REQUEST', sequence: 1 }))
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(event.uid).toBe('tour-abc@homes.example')
    expect(event.sequence).toBe(1)
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-02T18:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-02T19:00:00.000Z')
    expect(event.location).toBe(input.location)
    expect(String(event.organizer).toLowerCase()).toBe('mailto:jane@realty.example')
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual(['mailto:minji@example.org'])
  })

  it("keeps a visitor's typed name inside its own value: no added parameter, no other address", () => {
    const name = 'Bob";X-INJ=1:mailto:x@evil.example\nURL:https://evil.example/login\rX-EVIL:1'
    const text = tourCalendar({ ...input, method: 'REQUEST', sequence: 1, attendee: { name, email: 'minji@example.org' }, description: 'a\rDTSTART:1' })
    const { event, vevent } = parse(text)
    const [attendee] = event.attendees
    expect(String(attendee?.getFirstValue()).toLowerCase()).toBe('mailto:minji@example.org')
    expect(attendee?.getParameter('x-inj')).toBeUndefined()
    expect(attendee?.getParameter('cn')).toBe("Bob';X-INJ=1:mailto:x@evil.example URL:https://evil.example/login X-EVIL:1")
    expect(vevent?.getAllProperties().map((property) => property.name)).not.toContain('x-evil')
    expect(event.description).toBe('a\nDTSTART:1')
    expect(text).not.toMatch(/\r(?!\n)/)
  })

  it('cancels with the same UID and a higher sequence', () => {
    const { calendar, event, vevent } = parse(tourCalendar({ ...input, method: 'CANCEL', sequence: 2 }))
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    expect(event.uid).toBe('tour-abc@homes.example')
    expect(event.sequence).toBe(2)
    expect(vevent?.getFirstPropertyValue('status')).toBe('CANCELLED')
  })
})

describe('tour mail', () => {
  it('says the time on the home’s clock, in the visitor’s language, with the realtor’s footer', async () => {
    await loadCatalog('en')
    const mail = renderTourMail(
      {
        lang: 'en',
        kind: 'confirmed',
        visitorName: 'Minji <b>',
        mode: 'in_person',
        address: '12 Elm St, Irvine, CA 92618',
        timeZone: 'America/Los_Angeles',
        start: new Date('2026-11-02T18:00:00Z'),
        listingUrl: 'https://homes.example/en/jane/homes/L1',
        realtor: {
          name: 'Jane Kim',
          email: 'jane@realty.example',
          phone: null,
          licenseNumber: '01234567',
          brokerageName: 'Sunrise Realty',
          brokerageLicenseNumber: null,
          postalAddress: '1 Main St, Irvine, CA',
        },
      },
      i18nFor('en'),
    )
    expect(mail.subject).toBe('Tour confirmed: 12 Elm St, Irvine, CA 92618')
    expect(mail.text).toContain('Monday, November 2, 2026 at 10:00 AM (Pacific Time)')
    expect(mail.text).toContain('License number: 01234567')
    expect(mail.text).toContain('1 Main St, Irvine, CA')
    expect(mail.html).toContain('Minji &lt;b&gt;')
  })
})
