import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { PROPERTY_KINDS } from './home'
import type { ValuationFormValues } from '~/lib/home-value'
import { messageId } from './messages'

/*
 * A home's estimated value (issue 27 items 1 and 3, decisions 027 and 036). The visitor gives an
 * address and the home's facts, nothing about themselves; the answer is a range from comparable
 * homes, or "too few" with the homes that were found. The same request schema validates the REST
 * call, the form posted without scripts (after `valuationFormInput` reads its flat fields) and the
 * form with them.
 */

/** A US state as its two letters, any case in, capitals out (the valuation, the market report). */
export const stateCodeSchema = z
  .string({ error: messageId(msg`Enter the two-letter state, e.g. CA`) })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: messageId(msg`Enter the two-letter state, e.g. CA`) })
  .transform((value) => value.toUpperCase())

const requiredText = (max: number, missing: Parameters<typeof messageId>[0]) =>
  z
    .string({ error: messageId(missing) })
    .trim()
    .min(1, { error: messageId(missing) })
    .max(max, { error: messageId(msg`This text is too long`) })

const count = (max: number) =>
  z
    .number({ error: messageId(msg`Enter a number`) })
    .int({ error: messageId(msg`Enter a whole number`) })
    .min(0, { error: messageId(msg`Enter 0 or more`) })
    .max(max, { error: messageId(msg`This number is too large`) })

/** `POST /valuations`: living area in square feet, as the listings store it. */
export const valuationRequestSchema = z.object({
  realtorId: requiredText(64, msg`Choose a realtor`),
  street: requiredText(200, msg`Enter the street address`),
  city: requiredText(100, msg`Enter the city`),
  state: stateCodeSchema,
  postalCode: z
    .string({ error: messageId(msg`Enter a 5-digit ZIP code`) })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: messageId(msg`Enter a 5-digit ZIP code`) }),
  propertyType: z.enum(PROPERTY_KINDS, { error: messageId(msg`Choose a property type from the list`) }),
  beds: count(50),
  baths: count(50),
  livingArea: z
    .number({ error: messageId(msg`Enter the living area`) })
    .min(100, { error: messageId(msg`Enter a living area of at least 100 sq ft`) })
    .max(100_000, { error: messageId(msg`This number is too large`) }),
  yearBuilt: z
    .number({ error: messageId(msg`Enter a year`) })
    .int({ error: messageId(msg`Enter a year`) })
    .min(1700, { error: messageId(msg`Enter a year between 1700 and next year`) })
    .max(new Date().getUTCFullYear() + 1, { error: messageId(msg`Enter a year between 1700 and next year`) })
    .optional(),
})
export type ValuationRequest = z.infer<typeof valuationRequestSchema>

export const valuationStatusSchema = z.enum(['sold', 'active', 'pending'])

const comparableFacts = {
  listingKey: z.string(),
  price: z.number(),
  pricePerSquareFoot: z.number(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  livingArea: z.number(),
  status: valuationStatusSchema,
  /** Close date of a sale, else the day it came on the market (YYYY-MM-DD). */
  date: z.string(),
}

/**
 * A comparable home. Where its MLS withholds the address (`address: null`), nothing says where it
 * is: no `sameZip`, and no position or distance may ever be added to that shape (issue 48 item 4).
 */
export const valuationComparableSchema = z.union([
  z.object({
    ...comparableFacts,
    address: z.string(),
    /** Same ZIP as the home valued; otherwise the same city. */
    sameZip: z.boolean(),
  }),
  z.object({
    ...comparableFacts,
    /** The MLS withholds this home's address. */
    address: z.null(),
  }),
])
export type ValuationComparable = z.infer<typeof valuationComparableSchema>

const answerFacts = {
  /** How many comparables the answer rests on. */
  comparableCount: z.number().int(),
  /** Below this many there is no number. */
  minimumComparables: z.number().int(),
  comparables: z.array(valuationComparableSchema),
}

export const valuationAnswerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('estimate'),
    low: z.number(),
    typical: z.number(),
    high: z.number(),
    /** `sold` when every comparable is a sale; `listed` when any is a home for sale or under contract. */
    basis: z.enum(['sold', 'listed']),
    ...answerFacts,
  }),
  z.object({ status: z.literal('too_few'), ...answerFacts }),
])
export type ValuationAnswer = z.infer<typeof valuationAnswerSchema>

/** What the page shows after a submission: the answer, or the refusal in the page's language. */
export type ValuationOutcome = { kind: 'answer'; answer: ValuationAnswer } | { kind: 'error'; message: string; fieldErrors: Record<string, Array<string>> }

/** The page's answer to its form posted without scripts: the entries given back with the outcome. */
export type PostedValuation = { values: ValuationFormValues; outcome: ValuationOutcome }
