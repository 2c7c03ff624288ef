import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from './messages'

/*
 * Open houses (issue 26 item 5, decision 023): what a listing's page, its card and the API show
 * of them, and what a realtor sends to add one on a listing their site shows.
 */

export const OPEN_HOUSE_KINDS = ['in_person', 'virtual'] as const
export type OpenHouseKind = (typeof OPEN_HOUSE_KINDS)[number]

export const OPEN_HOUSE_SOURCES = ['mls', 'realtor'] as const

export const OPEN_HOUSE_REMARKS_MAX = 200

/** Where a calendar program fetches an open house's .ics file (public, from the page store). */
export function openHouseCalendarPath(id: string): string {
  return `/cozying-api/v1/open-houses/${encodeURIComponent(id)}.ics`
}

/** One upcoming open house of a listing, as `openHouses` of `home/list` and `home/{listingKey}` carry it. */
export const openHouseSchema = z.object({
  id: z.string(),
  start: z.string().meta({ description: 'ISO-8601 UTC' }),
  end: z.string().meta({ description: 'ISO-8601 UTC' }),
  timeZone: z.string().meta({ description: "The listing's IANA time zone, in which pages show the times" }),
  kind: z.enum(OPEN_HOUSE_KINDS),
  remarks: z.string().nullable(),
  source: z.enum(OPEN_HOUSE_SOURCES).meta({ description: "`mls` from the listing's feed, `realtor` added by the realtor whose site it shows on" }),
  calendarUrl: z.string().meta({ description: 'Path of its iCalendar (.ics) file' }),
})
export type OpenHouse = z.infer<typeof openHouseSchema>

/** A realtor's own open house, as their workspace and `GET /open-houses` list them. */
export const realtorOpenHouseSchema = openHouseSchema.extend({
  realtorId: z.string(),
  listingKey: z.string(),
  address: z.string(),
})
export type RealtorOpenHouse = z.infer<typeof realtorOpenHouseSchema>

export const realtorOpenHouseListSchema = z.object({ openHouses: z.array(realtorOpenHouseSchema) })
export type RealtorOpenHouseList = z.infer<typeof realtorOpenHouseListSchema>

export const openHouseListQuerySchema = z.object({
  realtorId: z.string().min(1).max(64).optional(),
})

const wallTime = (error: ReturnType<typeof msg>) =>
  z
    .string({ error: messageId(error) })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messageId(error) })

/**
 * A realtor's new open house: the date and times in the listing's own zone (the form says
 * which), as a visitor will read them on the page.
 */
export const openHouseInputSchema = z
  .object({
    /** Which of the actor's realtors adds it; their only one when left out. */
    realtorId: z.string().min(1).max(64).optional(),
    listingKey: z
      .string({ error: messageId(msg`Enter the listing number`) })
      .trim()
      .min(1, { error: messageId(msg`Enter the listing number`) })
      .max(128, { error: messageId(msg`This text is too long`) }),
    date: z
      .string({ error: messageId(msg`Choose a date`) })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messageId(msg`Choose a date`) }),
    startTime: wallTime(msg`Choose a start time`),
    endTime: wallTime(msg`Choose an end time`),
    kind: z.enum(OPEN_HOUSE_KINDS, { error: messageId(msg`Choose in person or virtual`) }).default('in_person'),
    remarks: z
      .string()
      .trim()
      .max(OPEN_HOUSE_REMARKS_MAX, { error: messageId(msg`Keep the note under 200 characters`) })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((input) => input.endTime > input.startTime, {
    path: ['endTime'],
    error: messageId(msg`The end must be after the start`),
  })
export type OpenHouseInput = z.input<typeof openHouseInputSchema>

export const deletedOpenHouseSchema = z.object({ id: z.string() })
