import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { PROPERTY_KINDS } from './home'
import type { ValuationFormValues } from '~/lib/home-value'
import { langSchema } from './lang'
import { messageId } from './messages'
import { recordIdSchema } from './record-id'
import { comparableFacts, type ValuationAnswer } from './valuation-answer'

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
/** The home-value page asking for the answer to the form it posted without scripts (decision 036). */
export const postedValuationRequestSchema = z.object({ realtorId: recordIdSchema, lang: langSchema })

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
  /** The lot in square feet, when known (optional: the home's own listing gives it when we hold it). */
  lotSquareFeet: z
    .number({ error: messageId(msg`Enter a number`) })
    .min(0, { error: messageId(msg`Enter 0 or more`) })
    .max(100_000_000, { error: messageId(msg`This number is too large`) })
    .optional(),
})
export type ValuationRequest = z.infer<typeof valuationRequestSchema>

export { ADJUSTED_FEATURES, type AdjustedFeature } from '~/lib/home-value'

export * from './valuation-answer'

/**
 * One candidate comparable as `rankComparables` (src/server/valuations/value-home.ts) gives it to
 * other features (a CMA): every field of an answer's comparable, and its distance and address even
 * where the MLS withholds the address (`addressHidden`), for the server to rank by; whatever shows
 * a comparable to someone other than the realtor must drop both when `addressHidden` is true.
 */
export const rankedComparableSchema = z.object({
  ...comparableFacts,
  address: z.string().nullable(),
  addressHidden: z.boolean(),
  /** Straight-line miles from the home valued; null when either position is unknown. */
  distanceMiles: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type RankedComparable = z.infer<typeof rankedComparableSchema>

/** What the page shows after a submission: the answer, or the refusal in the page's language. */
export type ValuationOutcome = { kind: 'answer'; answer: ValuationAnswer } | { kind: 'error'; message: string; fieldErrors: Record<string, Array<string>> }

/** The page's answer to its form posted without scripts: the entries given back with the outcome. */
export type PostedValuation = { values: ValuationFormValues; outcome: ValuationOutcome }
