import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { consentWording, CURRENT_CONSENT } from '~/lib/consent'
import { isListingTimeZone, isLocalDate, isLocalTime } from '~/lib/listing-time-zones'
import { leadPageOf } from './lead-list'
import { messageId } from './messages'
import { recordIdRequestSchema } from './record-id'
import { consentPageSchema, honeypotSchema, visitorNameSchema, visitorPhoneSchema, visitorRealtorIdSchema } from './visitor-fields'
import { emailSchema } from './realtor-fields'

/*
 * Tour requests (issue 26 item 4, decision 022): a visitor asks to see a listed home, in person
 * or by video, at one of two or three times in the home's own time zone; the realtor confirms
 * one, proposes another, or cancels. The same schemas validate the API, the form without
 * scripts (after its flat fields are gathered) and the form with them.
 */

export const TOUR_MODES = ['in_person', 'video'] as const
export const tourModeSchema = z.enum(TOUR_MODES, { error: messageId(msg`Choose in person or video`) })
export type TourMode = z.infer<typeof tourModeSchema>

export const TOUR_STATUSES = ['requested', 'confirmed', 'proposed', 'cancelled', 'declined'] as const
export const tourStatusSchema = z.enum(TOUR_STATUSES)
export type TourStatus = z.infer<typeof tourStatusSchema>

/** A wall-clock date and time in the home's zone, as the visitor picked it. */
export const tourSlotInputSchema = z.object({
  date: z
    .string({ error: messageId(msg`Choose a date`) })
    .trim()
    .refine(isLocalDate, { error: messageId(msg`Choose a date`) }),
  time: z
    .string({ error: messageId(msg`Choose a time`) })
    .trim()
    .refine(isLocalTime, { error: messageId(msg`Choose a time`) }),
})
export type TourSlotInput = z.infer<typeof tourSlotInputSchema>

const nameSchema = visitorNameSchema(100)

/** `POST /tour-requests`: what the visitor asks for. */
export const tourRequestSchema = z
  .object({
    realtorId: visitorRealtorIdSchema,
    listingKey: z
      .string({ error: messageId(msg`Choose a home`) })
      .trim()
      .min(1, { error: messageId(msg`Choose a home`) })
      .max(64),
    mode: tourModeSchema,
    /** Two or three preferred times, in the home's time zone, none twice. */
    slots: z
      .array(tourSlotInputSchema, { error: messageId(msg`Choose two or three times`) })
      .min(2, { error: messageId(msg`Choose at least two times`) })
      .max(3, { error: messageId(msg`Choose at most three times`) }),
    /**
     * The zone the slots are in, as the form showed it; optional, and when given it must be the
     * home's own (a client that assumed another zone would book the wrong hour).
     */
    timeZone: z
      .string()
      .trim()
      .max(64)
      .refine(isListingTimeZone, { error: messageId(msg`This time zone is not the home's time zone. Reload the page and try again.`) })
      .optional(),
    name: nameSchema,
    email: emailSchema,
    phone: visitorPhoneSchema.optional(),
    message: z
      .string()
      .trim()
      .max(2000, { error: messageId(msg`Use at most 2,000 characters`) })
      .optional(),
    lang: z.enum(['ko', 'en']).optional(),
    /** Must be true: the realtor may contact the visitor about the request (src/lib/consent.ts). */
    consent: z.boolean({ error: messageId(msg`Agree to be contacted about your tour request`) }).refine((agreed) => agreed, {
      error: messageId(msg`Agree to be contacted about your tour request`),
    }),
    consentVersion: z
      .string()
      .trim()
      .max(40)
      .refine((version) => consentWording(version, 'tour') !== undefined, {
        error: messageId(msg`This consent wording is not known. Reload the page and try again.`),
      })
      .default(CURRENT_CONSENT.tour),
    consentPage: consentPageSchema.optional(),
    website: honeypotSchema,
  })
  .superRefine((value, context) => {
    const seen = new Set<string>()
    value.slots.forEach((slot, index) => {
      const key = `${slot.date}T${slot.time}`
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['slots', index], message: messageId(msg`Choose a different time for each choice`) })
      seen.add(key)
    })
  })
export type TourRequestInput = z.input<typeof tourRequestSchema>

/** What `POST /tour-requests` answers, shaped as `POST /realtor-contacts`'s receipt. */
export const createdTourRequestSchema = z.object({
  id: z.string(),
  realtorId: z.string(),
  createdAt: z.string(),
  status: z.literal('requested'),
  /** The realtor's notice of the request: `outbox` until the instant-reply worker has sent it. */
  delivery: z.enum(['sent', 'outbox']),
})
export type CreatedTourRequest = z.infer<typeof createdTourRequestSchema>

/**
 * A request as its visitor sees it back (issue 51 item 5): the times asked for, or the one
 * confirmed, the way and the home. Read by the request's id alone, which only its sender has:
 * nothing here names the visitor.
 */
export const tourReceiptSchema = z.object({
  id: z.string(),
  mode: tourModeSchema,
  timeZone: z.string(),
  address: z.string(),
  /** `requested`: the times asked for; `confirmed`: the one the realtor set. */
  state: z.enum(['requested', 'confirmed']),
  /** ISO-8601 UTC starts. */
  starts: z.array(z.string()),
})
export type TourReceipt = z.infer<typeof tourReceiptSchema>

/** A receipt's id, as the status page and the calendar file are asked for it. */
export const tourReceiptRequestSchema = z.object({ id: z.string().trim().max(64), lang: z.enum(['ko', 'en']) })

/** One time as stored: the instant, and the home's wall clock it was chosen in. */
export const tourSlotSchema = z.object({
  start: z.string().meta({ description: 'ISO-8601 UTC start' }),
  date: z.string().meta({ description: "YYYY-MM-DD in the home's time zone" }),
  time: z.string().meta({ description: "HH:MM in the home's time zone" }),
})
export type TourSlot = z.infer<typeof tourSlotSchema>

export const tourConsentSchema = z.object({
  version: z.string(),
  text: z.string().meta({ description: 'The exact words shown, in the language shown' }),
  lang: z.enum(['ko', 'en']),
  page: z.string().nullable(),
  consentedAt: z.string(),
})

/** A tour request as its realtor sees it. */
export const tourRequestViewSchema = z.object({
  id: z.string(),
  realtorId: z.string(),
  listingKey: z.string(),
  listingAddress: z.string(),
  timeZone: z.string().meta({ description: 'IANA zone of the home; the slots are in it' }),
  mode: tourModeSchema,
  slots: z.array(tourSlotSchema),
  status: tourStatusSchema,
  confirmedSlot: tourSlotSchema.nullable().meta({ description: 'The confirmed or proposed time' }),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  lang: z.enum(['ko', 'en']),
  consent: tourConsentSchema,
  icsSequence: z.number().int().meta({ description: 'The SEQUENCE of the last invitation or cancellation sent' }),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type TourRequestView = z.infer<typeof tourRequestViewSchema>

/**
 * `POST /tour-requests/{id}/confirm`: `slot`, the index (0–2) of one of the visitor's times, or
 * `start`, another time the realtor proposes, as a date and time in the home's zone.
 */
export const tourConfirmBodySchema = z
  .object({
    slot: z.number().int().min(0).max(2).optional(),
    start: tourSlotInputSchema.optional(),
  })
  .refine((value) => (value.slot === undefined) !== (value.start === undefined), {
    error: messageId(msg`Choose one of the visitor's times or propose another`),
    path: ['slot'],
  })
export const tourConfirmRequestSchema = z.intersection(recordIdRequestSchema, tourConfirmBodySchema)
export type TourConfirmRequest = z.infer<typeof tourConfirmRequestSchema>

/** `GET /tour-requests`: whose, a page at a time. */
export const tourRequestListQuerySchema = z.object({
  realtorId: z.string().trim().max(64).optional(),
  cursor: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export type TourRequestListQuery = z.input<typeof tourRequestListQuerySchema>

export const tourRequestPageSchema = leadPageOf(
  { tours: z.array(tourRequestViewSchema) },
  { waiting: z.number().int().meta({ description: 'Requests waiting for an answer' }) },
)
export type TourRequestPage = z.infer<typeof tourRequestPageSchema>
