import type { EventAttributes } from 'ics'
import { icsEvent } from '~/server/calendar/ics-event'
import { TOUR_DURATION_MINUTES } from '~/lib/listing-time-zones'

/*
 * The tour's calendar invitation (issue 26 item 4, decision 022), made with the `ics` library:
 * one event an hour long at the confirmed time, written in UTC (exact whatever zone the
 * visitor's calendar is in), at the home's address, organised by the realtor with the visitor
 * invited. Every invitation and cancellation of one tour shares its UID and carries a higher
 * SEQUENCE than the one before, so a calendar updates or removes the event it already has
 * instead of adding another (RFC 5546).
 */

export type TourCalendarInput = {
  method: 'REQUEST' | 'CANCEL'
  tourId: string
  /** The host part of the UID: the site's host, so the UID is unique across installations. */
  host: string
  sequence: number
  start: Date
  title: string
  description: string
  location: string
  organizer: { name: string; email: string }
  attendee: { name: string; email: string }
  /** When the request was made and last changed (DTSTAMP is "now" by default). */
  createdAt: Date
  updatedAt: Date
}

/** `tour-<id>@<host>`: the same for every update of one tour. */
export function tourEventUid(tourId: string, host: string): string {
  return `tour-${tourId}@${host}`
}

export function tourCalendar(input: TourCalendarInput): string {
  const event: EventAttributes = {
    productId: 'realtor-homepage/tours',
    method: input.method,
    uid: tourEventUid(input.tourId, input.host),
    sequence: input.sequence,
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: TOUR_DURATION_MINUTES },
    title: input.title,
    description: input.description,
    location: input.location,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        rsvp: input.method === 'REQUEST',
        partstat: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      },
    ],
    created: input.createdAt.getTime(),
    lastModified: input.updatedAt.getTime(),
  }
  return icsEvent(event)
}
