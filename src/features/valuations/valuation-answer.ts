import * as z from 'zod/mini'
import type { PostedValuation, ValuationAnswer } from '~/schemas/valuations'

/*
 * The home-value page's data as its island reads it in the browser (decision 051): the answer
 * of `POST /valuations` and the page's props. zod's mini build, as the other islands' schemas:
 * the full schemas in `~/schemas/valuations` (which the API and its OpenAPI document use) would
 * bring 30 KB of zod to the page. Each schema is typed by the full one's type, so the compiler
 * keeps the two in step.
 */

const money = z.number()
const adjustments = z.object({ livingArea: money, beds: money, baths: money, age: money, lot: money })
const mapPoint = z.nullable(z.object({ x: z.number(), y: z.number() }))

const comparableFacts = {
  id: z.string(),
  listingKey: z.string(),
  price: money,
  pricePerSquareFoot: z.number(),
  beds: z.nullable(z.number()),
  baths: z.nullable(z.number()),
  livingArea: z.number(),
  yearBuilt: z.nullable(z.number()),
  lotSquareFeet: z.nullable(z.number()),
  status: z.enum(['sold', 'active', 'pending']),
  date: z.string(),
  priceKind: z.enum(['sale', 'asking']),
  marketPrice: money,
  adjustments,
  adjustedPrice: money,
  matchScore: z.number(),
  photo: z.nullable(z.object({ url: z.string(), variantBase: z.nullable(z.string()) })),
}

const comparable = z.union([
  z.object({ ...comparableFacts, address: z.string(), sameZip: z.boolean(), distanceMiles: z.nullable(z.number()), mapPoint }),
  z.object({ ...comparableFacts, address: z.null() }),
])

const answerFacts = {
  comparableCount: z.number(),
  minimumComparables: z.number(),
  comparables: z.array(comparable),
  subjectPoint: mapPoint,
  mapSpanMiles: z.nullable(z.number()),
}

export const valuationAnswerReader: z.ZodMiniType<ValuationAnswer> = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('estimate'),
    low: money,
    typical: money,
    high: money,
    basis: z.enum(['sold', 'listed']),
    rangeCoverage: z.number(),
    ...answerFacts,
  }),
  z.object({ status: z.literal('too_few'), ...answerFacts }),
  z.object({
    status: z.literal('out_of_range'),
    message: z.string(),
    reasons: z.array(z.object({ feature: z.enum(['livingArea', 'beds', 'baths']), value: z.number(), low: z.number(), high: z.number() })),
    ...answerFacts,
  }),
])

const text = z.string()
const formValues = z.object({
  street: text,
  city: text,
  state: text,
  postalCode: text,
  propertyType: text,
  beds: text,
  baths: text,
  livingArea: text,
  areaUnit: text,
  yearBuilt: text,
})

/** A form posted without scripts, answered by the page and handed to its island. */
export const postedValuationReader: z.ZodMiniType<PostedValuation> = z.object({
  values: formValues,
  outcome: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('answer'), answer: valuationAnswerReader }),
    z.object({ kind: z.literal('error'), message: z.string(), fieldErrors: z.record(z.string(), z.array(z.string())) }),
  ]),
})
