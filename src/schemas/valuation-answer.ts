import * as z from 'zod/mini'

/*
 * The answer of `POST /valuations` (issue 27, decisions 027 and 036), in zod's mini build: the
 * home-value page's island checks the answer it fetches with these very schemas, and the full
 * build would bring 30 KB of zod to that page (decision 051). The API's OpenAPI document and
 * the server read the same schemas, so there is one definition of the answer, not two kept in
 * step. Keep this file free of the full build (`zod`) and of anything that imports it.
 */

export const valuationStatusSchema = z.enum(['sold', 'active', 'pending'])

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
export const comparablePhotoSchema = z.object({ url: z.string(), variantBase: z.nullable(z.string()) })
export type ComparablePhoto = z.infer<typeof comparablePhotoSchema>

/** `sale`: a recent close price brought to today; `asking`: a list price (discounted where sold data is allowed). */
export const comparablePriceKindSchema = z.enum(['sale', 'asking'])

export const comparableFacts = {
  /** The listing's id (`GET /home/{id}`). */
  id: z.string(),
  listingKey: z.string(),
  /** The price as stored: the close price of a sale, else the list price. */
  price: z.number(),
  pricePerSquareFoot: z.number(),
  beds: z.nullable(z.number()),
  baths: z.nullable(z.number()),
  livingArea: z.number(),
  yearBuilt: z.nullable(z.number()),
  lotSquareFeet: z.nullable(z.number()),
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
  photo: z.nullable(comparablePhotoSchema),
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
    distanceMiles: z.nullable(z.number()),
    mapPoint: z.nullable(mapPointSchema),
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
  comparableCount: z.int(),
  /** Below this many there is no number. */
  minimumComparables: z.int(),
  /** Sorted by `matchScore`, best first. */
  comparables: z.array(valuationComparableSchema),
  /** The home valued on the map, when its position is known (the map's centre). */
  subjectPoint: z.nullable(mapPointSchema),
  /** Miles the map's square spans across (its scale), or null without a map. */
  mapSpanMiles: z.nullable(z.number()),
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
