import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from '../messages'
import { recordIdSchema } from '../record-id'
import { PROPERTY_KINDS } from '../home'
import { valuationRequestSchema, valuationStatusSchema } from '../valuations'

/*
 * A comparative market analysis (issue 53 part 2): the realtor starts from a seller lead or a typed
 * address, picks comparables among the candidates the estimator ranks, edits each one's adjustments,
 * and sets a recommended list-price range and a note. One schema set serves `POST /cmas`,
 * `PATCH /cmas/{id}`, the workspace tab, the share page and the PDF (through cma-report.ts).
 */

/** The home analysed: the inputs of `POST /valuations`, without the realtor (the CMA names its own). */
export const cmaSubjectSchema = valuationRequestSchema.omit({ realtorId: true })
export type CmaSubject = z.infer<typeof cmaSubjectSchema>

/** The subject as answers carry it: the request's values after its checks (an answer has no transform to describe). */
export const cmaSubjectAnswerSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string().meta({ description: 'Two capital letters' }),
  postalCode: z.string(),
  propertyType: z.enum(PROPERTY_KINDS),
  beds: z.number(),
  baths: z.number(),
  livingArea: z.number(),
  yearBuilt: z.number().optional(),
  lotSquareFeet: z.number().optional(),
}) satisfies z.ZodType<CmaSubject>

/** The grid's fixed lines, in the order the grid, the share page and the PDF show them. */
export const CMA_ADJUSTMENT_FEATURES = ['market', 'size', 'beds', 'baths', 'age', 'lot', 'condition', 'view', 'pool'] as const
export type CmaAdjustmentFeature = (typeof CMA_ADJUSTMENT_FEATURES)[number]

/** Dollars added to (positive) or taken from (negative) a comparable's price; whole dollars. */
const adjustmentAmountSchema = z
  .number({ error: messageId(msg`Enter an amount in dollars`) })
  .int({ error: messageId(msg`Enter a whole number of dollars`) })
  .min(-100_000_000, { error: messageId(msg`This number is too large`) })
  .max(100_000_000, { error: messageId(msg`This number is too large`) })

/** The free line: an amount and what it is for ("new roof", "busy street"); no label, no amount. */
export const cmaOtherAdjustmentSchema = z
  .object({
    label: z
      .string({ error: messageId(msg`Name this adjustment`) })
      .trim()
      .max(60, { error: messageId(msg`This text is too long`) }),
    amount: adjustmentAmountSchema,
  })
  .refine((line) => line.amount === 0 || line.label.length > 0, { error: messageId(msg`Name this adjustment`), path: ['label'] })

/**
 * One comparable's adjustment grid: each line brings the comparable to the subject (a comparable
 * 200 sq ft smaller than the subject gets a positive size line). The server suggests the first six
 * from the area's data: market conditions (a sale's price brought to today by the city's monthly
 * trend, an asking price to what homes there sell for against their asking price), then size,
 * beds, baths, age and lot; condition, view, pool and the free line start at 0 and are the
 * realtor's. A CMA saved before the market line existed reads it as 0.
 */
export const cmaAdjustmentsSchema = z.object({
  market: adjustmentAmountSchema,
  size: adjustmentAmountSchema,
  beds: adjustmentAmountSchema,
  baths: adjustmentAmountSchema,
  age: adjustmentAmountSchema,
  lot: adjustmentAmountSchema,
  condition: adjustmentAmountSchema,
  view: adjustmentAmountSchema,
  pool: adjustmentAmountSchema,
  other: cmaOtherAdjustmentSchema,
})
export type CmaAdjustments = z.infer<typeof cmaAdjustmentsSchema>

/** What a comparable's listing said when the CMA chose it (kept: listings change); the report shows the same. */
export const cmaComparableListingFacts = {
  status: valuationStatusSchema,
  /** `sold`: a close price; `listed`: an asking price. */
  basis: z.enum(['sold', 'listed']),
  /** Close price of a sale, else the list price, in dollars. */
  price: z.number(),
  /** Close date of a sale, else the day it came on the market (YYYY-MM-DD). */
  date: z.string(),
  city: z.string(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  livingArea: z.number(),
  yearBuilt: z.number().nullable(),
  lotSizeSquareFeet: z.number().nullable(),
}

const comparableFacts = {
  /** The row of this CMA's comparable (PATCH names it). */
  id: z.string(),
  listingKey: z.string(),
  picked: z.boolean(),
  ...cmaComparableListingFacts,
  /** The listing's first photo (its smallest width variant that suits a card), or null. */
  photoUrl: z.string().nullable(),
  adjustments: cmaAdjustmentsSchema,
  /** price + every adjustment, recomputed by the server from the grid (never taken from a client). */
  adjustedPrice: z.number(),
  /** 0–100, higher is more alike (the estimator's similarity, the order the candidates come in). */
  matchScore: z.number(),
}

/**
 * A comparable. Where its MLS withholds the address (`address: null`), nothing says where it is:
 * no distance, no ZIP, no position (issue 48 item 4, issue 53: "never a hidden address").
 */
export const cmaComparableSchema = z.union([
  z.object({ ...comparableFacts, address: z.string(), postalCode: z.string(), distanceMiles: z.number().nullable() }),
  z.object({ ...comparableFacts, address: z.null(), postalCode: z.null(), distanceMiles: z.null() }),
])
export type CmaComparable = z.infer<typeof cmaComparableSchema>

/** The active share link of a CMA: the token is the whole authority, so it is unguessable. */
export const cmaShareSchema = z.object({
  token: z.string(),
  /** The share page, Korean (no prefix) and English: `/{desiredUrl}/cma/{token}`, `/en/{desiredUrl}/cma/{token}`. */
  paths: z.object({ ko: z.string(), en: z.string() }),
  createdAt: z.string(),
  /** ISO-8601; null: until revoked. */
  expiresAt: z.string().nullable(),
  /** Set once revoked; a revoked link answers 404 (the CMA then shows no share, `share: null`). */
  revokedAt: z.string().nullable(),
})
export type CmaShare = z.infer<typeof cmaShareSchema>

export const CMA_STATUSES = ['draft', 'sent'] as const
export const cmaStatusSchema = z.enum(CMA_STATUSES)

/** How the recommended range was reached: the picked comparables' adjusted prices. */
export const cmaRangeBasisSchema = z.object({
  pickedCount: z.number().int(),
  adjustedLow: z.number().nullable(),
  adjustedMedian: z.number().nullable(),
  adjustedHigh: z.number().nullable(),
})
export type CmaRangeBasis = z.infer<typeof cmaRangeBasisSchema>

export const cmaSchema = z.object({
  id: z.string(),
  realtorId: z.string(),
  /** The seller lead it was started from (and is sent to); null for a typed address. */
  leadId: z.string().nullable(),
  subject: cmaSubjectAnswerSchema,
  /** Every candidate, best match first; the report shows the picked ones. */
  comparables: z.array(cmaComparableSchema),
  rangeBasis: cmaRangeBasisSchema,
  /** The recommended list price range in dollars; null until the realtor sets it. */
  recommendedLow: z.number().nullable(),
  recommendedHigh: z.number().nullable(),
  note: z.string(),
  /** `sent` once mailed to its lead; a sent CMA can still be edited (the link shows the latest). */
  status: cmaStatusSchema,
  sentAt: z.string().nullable(),
  share: cmaShareSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Cma = z.infer<typeof cmaSchema>

/** A CMA in the realtor's list, without its comparables. */
export const cmaSummarySchema = cmaSchema.omit({ comparables: true }).extend({ pickedCount: z.number().int() })
export type CmaSummary = z.infer<typeof cmaSummarySchema>
export const cmaListSchema = z.object({ cmas: z.array(cmaSummarySchema) })
export type CmaList = z.infer<typeof cmaListSchema>

/** `POST /cmas`. */
export const cmaCreateSchema = z.object({
  realtorId: recordIdSchema,
  subject: cmaSubjectSchema,
  leadId: recordIdSchema.optional(),
})
export type CmaCreate = z.infer<typeof cmaCreateSchema>

/** `GET /cmas?realtorId=`. */
export const cmaListQuerySchema = z.object({ realtorId: recordIdSchema })

const moneySchema = z
  .number({ error: messageId(msg`Enter an amount in dollars`) })
  .int({ error: messageId(msg`Enter a whole number of dollars`) })
  .min(1, { error: messageId(msg`Enter an amount in dollars`) })
  .max(1_000_000_000, { error: messageId(msg`This number is too large`) })

/** One comparable's changes: picked or not, and any lines of its grid. */
export const cmaComparablePatchSchema = z.object({
  id: recordIdSchema,
  picked: z.boolean({ error: messageId(msg`Choose yes or no`) }).optional(),
  adjustments: cmaAdjustmentsSchema.partial().optional(),
})
export type CmaComparablePatch = z.infer<typeof cmaComparablePatchSchema>

/**
 * `PATCH /cmas/{id}`: only what is given changes. A new subject chooses the comparables again (the
 * old ones were chosen for another home); `recommendedLow`/`High` null clears the range.
 */
export const cmaPatchSchema = z
  .object({
    subject: cmaSubjectSchema.optional(),
    comparables: z.array(cmaComparablePatchSchema).max(100).optional(),
    recommendedLow: moneySchema.nullable().optional(),
    recommendedHigh: moneySchema.nullable().optional(),
    note: z
      .string({ error: messageId(msg`Enter text`) })
      .max(4000, { error: messageId(msg`This text is too long`) })
      .optional(),
  })
  .refine((patch) => patch.recommendedLow == null || patch.recommendedHigh == null || patch.recommendedLow <= patch.recommendedHigh, {
    error: messageId(msg`The low end must not be above the high end`),
    path: ['recommendedHigh'],
  })
export type CmaPatch = z.infer<typeof cmaPatchSchema>

/** `POST /cmas/{id}/share`: an optional expiry; a new link replaces (revokes) the previous one. */
export const cmaShareRequestSchema = z.object({
  expiresAt: z.iso.datetime({ offset: true, error: messageId(msg`Enter a date and time`) }).optional(),
})
export type CmaShareRequest = z.infer<typeof cmaShareRequestSchema>

/** `POST /cmas/{id}/send`: in the lead's own language unless one is chosen. */
export const cmaSendRequestSchema = z.object({
  lang: z.enum(['ko', 'en'], { error: messageId(msg`Choose Korean or English`) }).optional(),
})
export type CmaSendRequest = z.infer<typeof cmaSendRequestSchema>

export const cmaSentSchema = z.object({
  cma: cmaSchema,
  /** The outbox row of the mail (its timeline entry on the lead). */
  mailId: z.string(),
  lang: z.enum(['ko', 'en']),
  /** `sent` once mailed, `outbox` while it waits to be. */
  delivery: z.enum(['sent', 'outbox']),
})
export type CmaSent = z.infer<typeof cmaSentSchema>

/** `GET /cmas/{id}.pdf`. */
export const CMA_PAPER_SIZES = ['letter', 'a4'] as const
export const cmaPdfQuerySchema = z.object({
  lang: z.enum(['ko', 'en'], { error: messageId(msg`Choose Korean or English`) }).default('ko'),
  paper: z.enum(CMA_PAPER_SIZES, { error: messageId(msg`Choose Letter or A4`) }).default('letter'),
})
export type CmaPdfQuery = z.infer<typeof cmaPdfQuerySchema>
