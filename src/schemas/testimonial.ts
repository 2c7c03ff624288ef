import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from './messages'
import { optional } from './realtor-fields'

/*
 * Client reviews a realtor shows on the homepage (issue 14, decision 014). The realtor types
 * them in (quoting a review from a review site or a letter); nothing is fetched from the
 * review sites, and no review markup goes into the page's structured data.
 */

/** Where a review was first posted; `other` covers letters, e-mails and sites not listed. */
export const TESTIMONIAL_SOURCES = ['zillow', 'google', 'yelp', 'naver', 'other'] as const
export type TestimonialSource = (typeof TESTIMONIAL_SOURCES)[number]

export const TESTIMONIALS_MAX = 30

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageId(msg`This text is too long`) })

/** YYYY-MM-DD that names a real day (no 2025-02-30). */
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE_PATTERN.exec(value)
  if (!match) return false
  const [, year = '', month = '', day = ''] = match
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day)
}

/** Only https: the link leaves the realtor's page, and a visitor's browser must not be sent to plain http or a script. */
export function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname.includes('.')
  } catch {
    return false
  }
}

const invalidLink = messageId(msg`Enter a web address starting with https://`)

/** One review as the form sends it and the API accepts it. */
export const testimonialInputSchema = z
  .object({
    /** The id it was saved under, so a review keeps it from one save to the next. */
    id: z.string().max(64).optional(),
    clientName: z
      .string({ error: messageId(msg`Enter the client's name`) })
      .trim()
      .min(1, { error: messageId(msg`Enter the client's name`) })
      .max(80, { error: messageId(msg`This text is too long`) }),
    city: optional(text(80)),
    textKo: optional(text(2000)),
    textEn: optional(text(2000)),
    // A number, or digits as the form's select holds them; `true` or `[]` are not one star or none.
    rating: optional(
      z.preprocess(
        (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
        z
          .number({ error: messageId(msg`Choose a rating from 1 to 5 stars`) })
          .int({ error: messageId(msg`Choose a rating from 1 to 5 stars`) })
          .min(1, { error: messageId(msg`Choose a rating from 1 to 5 stars`) })
          .max(5, { error: messageId(msg`Choose a rating from 1 to 5 stars`) }),
      ),
    ),
    date: optional(
      z
        .string()
        .trim()
        .refine(isIsoDate, { error: messageId(msg`Enter a date as YYYY-MM-DD`) }),
    ),
    source: optional(z.enum(TESTIMONIAL_SOURCES, { error: messageId(msg`Choose where the review was posted`) })),
    sourceUrl: optional(z.string().trim().max(2048, { error: invalidLink }).refine(isHttpsUrl, { error: invalidLink })),
    /** Kept for the realtor, left off the public page and every public answer. */
    hidden: z.boolean({ error: messageId(msg`Choose whether the review is shown`) }).default(false),
  })
  .superRefine((value, context) => {
    if (value.textKo === undefined && value.textEn === undefined) {
      context.addIssue({ code: 'custom', path: ['textKo'], message: messageId(msg`Write the review in Korean, English or both`) })
    }
  })
export type TestimonialInput = z.input<typeof testimonialInputSchema>
export type TestimonialFields = z.output<typeof testimonialInputSchema>

export const testimonialsInputSchema = z
  .array(testimonialInputSchema)
  .max(TESTIMONIALS_MAX, { error: messageId(msg`Show at most 30 reviews`) })
  .default([])

const nullableText = z.string().nullable()

/** A review as its owner reads it back. */
export const testimonialSchema = z
  .object({
    id: z.string(),
    clientName: z.string(),
    city: nullableText,
    textKo: nullableText,
    textEn: nullableText,
    rating: z.number().int().min(1).max(5).nullable(),
    date: nullableText.meta({ description: 'YYYY-MM-DD' }),
    source: z.enum(TESTIMONIAL_SOURCES).nullable(),
    sourceUrl: nullableText,
    hidden: z.boolean(),
  })
  .meta({ id: 'Testimonial' })
export type Testimonial = z.infer<typeof testimonialSchema>

/** A review as a visitor may see it: visible ones only, without the flag that says so. */
export const publicTestimonialSchema = testimonialSchema.omit({ hidden: true }).meta({ id: 'PublicTestimonial' })
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>
