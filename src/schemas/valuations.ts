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
  /** The lot in square feet, when known (optional: the home's own listing gives it when we hold it). */
  lotSquareFeet: z
    .number({ error: messageId(msg`Enter a number`) })
    .min(0, { error: messageId(msg`Enter 0 or more`) })
    .max(100_000_000, { error: messageId(msg`This number is too large`) })
    .optional(),
})
export type ValuationRequest = z.infer<typeof valuationRequestSchema>

export const valuationStatusSchema = z.enum(['sold', 'active', 'pending'])

export { ADJUSTED_FEATURES, type AdjustedFeature } from '~/lib/home-value'

/**
 * Dollars added to a comparable's price for each way it differs from the home valued (negative:
 * taken off, e.g. the comparable is larger). Zero where the feature is the same or unknown on
 * either side. They sum to `adjustedPrice − marketPrice`.
 */
export const valuationAdjustmentsSchema = z.object({
  livingArea: z.number(),
  beds: z.number(),
  baths: z.number(),
  age: z.number(),
  lot: z.number(),
})
export type ValuationAdjustments = z.infer<typeof valuationAdjustmentsSchema>

/**
 * A comparable's first photo as listing cards get it: the URL (`src`), and the path its width
 * variants are named from when the server keeps them (`listingPhotoSources` in
 * src/lib/photo-variants.ts turns both into `src`, `srcSet` and `sizes`).
 */
export const comparablePhotoSchema = z.object({ url: z.string(), variantBase: z.string().nullable() })
export type ComparablePhoto = z.infer<typeof comparablePhotoSchema>

/** `sale`: a recent close price brought to today; `asking`: a list price (discounted where sold data is allowed). */
export const comparablePriceKindSchema = z.enum(['sale', 'asking'])

const comparableFacts = {
  /** The listing's id (`GET /home/{id}`). */
  id: z.string(),
  listingKey: z.string(),
  /** The price as stored: the close price of a sale, else the list price. */
  price: z.number(),
  pricePerSquareFoot: z.number(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  livingArea: z.number(),
  yearBuilt: z.number().nullable(),
  lotSquareFeet: z.number().nullable(),
  status: valuationStatusSchema,
  /** Close date of a sale, else the day it came on the market (YYYY-MM-DD). */
  date: z.string(),
  priceKind: comparablePriceKindSchema,
  /** `price` as of today: a sale moved by the city's monthly trend, an asking price by the area's sale-to-list ratio. */
  marketPrice: z.number(),
  adjustments: valuationAdjustmentsSchema,
  /** `marketPrice` plus the adjustments: what this home says the home valued is worth. */
  adjustedPrice: z.number(),
  /** 0–100, higher is more alike (distance, size, rooms, age, recency, sale over asking); the answer's weights. */
  matchScore: z.number(),
  photo: comparablePhotoSchema.nullable(),
}

/** Where a comparable lies on the answer's small map: 0–1 across and down its square (north up). */
export const mapPointSchema = z.object({ x: z.number(), y: z.number() })
export type MapPoint = z.infer<typeof mapPointSchema>

/**
 * A comparable home. Where its MLS withholds the address (`address: null`), nothing says where it
 * is: no `sameZip`, no distance, no place on the map (issue 48 item 4).
 */
export const valuationComparableSchema = z.union([
  z.object({
    ...comparableFacts,
    address: z.string(),
    /** Same ZIP as the home valued; otherwise the same city or nearby. */
    sameZip: z.boolean(),
    /** Straight-line miles from the home valued; null when either position is unknown. */
    distanceMiles: z.number().nullable(),
    mapPoint: mapPointSchema.nullable(),
  }),
  z.object({
    ...comparableFacts,
    /** The MLS withholds this home's address. */
    address: z.null(),
  }),
])
export type ValuationComparable = z.infer<typeof valuationComparableSchema>

/** Why no number: the home lies beyond what its comparables span in this feature (decision 073). */
export const outOfRangeReasonSchema = z.object({
  feature: z.enum(['livingArea', 'beds', 'baths']),
  /** The home's own value (sq ft, or a count). */
  value: z.number(),
  /** The span the comparables allow, margin included. */
  low: z.number(),
  high: z.number(),
})
export type OutOfRangeReason = z.infer<typeof outOfRangeReasonSchema>

const answerFacts = {
  /** How many comparables the answer rests on. */
  comparableCount: z.number().int(),
  /** Below this many there is no number. */
  minimumComparables: z.number().int(),
  /** Sorted by `matchScore`, best first. */
  comparables: z.array(valuationComparableSchema),
  /** The home valued on the map, when its position is known (the map's centre). */
  subjectPoint: mapPointSchema.nullable(),
  /** Miles the map's square spans across (its scale), or null without a map. */
  mapSpanMiles: z.number().nullable(),
}

export const valuationAnswerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('estimate'),
    low: z.number(),
    typical: z.number(),
    high: z.number(),
    /** `sold` when every comparable is a sale; `listed` when any is an asking price. */
    basis: z.enum(['sold', 'listed']),
    /** The range's intended coverage: 0.8 (an 80% prediction interval, measured by the backtest). */
    rangeCoverage: z.number(),
    ...answerFacts,
  }),
  z.object({ status: z.literal('too_few'), ...answerFacts }),
  z.object({
    status: z.literal('out_of_range'),
    /** Why, in the reader's language (Accept-Language on the API, the page's language on the page). */
    message: z.string(),
    reasons: z.array(outOfRangeReasonSchema),
    ...answerFacts,
  }),
])
export type ValuationAnswer = z.infer<typeof valuationAnswerSchema>

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
