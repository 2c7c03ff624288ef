import { z } from 'zod'
import { PROPERTY_KINDS } from '../home'
import { CMA_ADJUSTMENT_FEATURES, cmaComparableListingFacts, cmaRangeBasisSchema } from './cma'

/*
 * What the share page and the PDF both render of a CMA (issue 53 part 2): one view model, made on
 * the server in one language by `getSharedReport` / the PDF route, so the two never disagree. It
 * holds data only: both renderers word the labels in their language. The comparables are the
 * picked ones, best match first; where a comparable's MLS withholds its address nothing says where
 * it is (no address, ZIP, distance or position), and no other field may ever carry one.
 */

const reportAdjustmentSchema = z.object({
  feature: z.enum([...CMA_ADJUSTMENT_FEATURES, 'other']),
  /** The free line's own label (the realtor's words); null for the fixed lines, which the renderer words. */
  label: z.string().nullable(),
  amount: z.number(),
})
export type CmaReportAdjustment = z.infer<typeof reportAdjustmentSchema>

const reportComparableFacts = {
  ...cmaComparableListingFacts,
  /** An absolute URL of the listing's photo (the PDF fetches it, the page shows it), or null. */
  photoUrl: z.string().nullable(),
  /** The lines that are not 0, in the grid's order. */
  adjustments: z.array(reportAdjustmentSchema),
  adjustedPrice: z.number(),
  matchScore: z.number(),
}

export const cmaReportComparableSchema = z.union([
  z.object({ ...reportComparableFacts, address: z.string(), distanceMiles: z.number().nullable() }),
  z.object({ ...reportComparableFacts, address: z.null(), distanceMiles: z.null() }),
])
export type CmaReportComparable = z.infer<typeof cmaReportComparableSchema>

/** One month of the city's market trend (its stored snapshot). */
export const cmaReportTrendMonthSchema = z.object({
  month: z.string(),
  medianListPrice: z.number().nullable(),
  medianPricePerSquareFoot: z.number().nullable(),
  activeCount: z.number().int(),
  soldCount: z.number().int().nullable(),
})

export const cmaReportSchema = z.object({
  lang: z.enum(['ko', 'en']),
  /** YYYY-MM-DD: the "as of" date of the figures (the CMA's last change). */
  asOf: z.string(),
  realtor: z.object({
    name: z.string(),
    /** The site's address segment, for links back to the homepage. */
    desiredUrl: z.string(),
    /** Absolute URLs or null. */
    photoUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** `#rrggbb`: the homepage's main colour, the report's headings and rules. */
    color: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    licenseNumber: z.string().nullable(),
    brokerageName: z.string().nullable(),
    brokerageLicenseNumber: z.string().nullable(),
    brokerageAddress: z.string().nullable(),
  }),
  subject: z.object({
    /** The seller's own home: the street, city, state and ZIP as typed. */
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    propertyType: z.enum(PROPERTY_KINDS),
    beds: z.number(),
    baths: z.number(),
    livingArea: z.number(),
    yearBuilt: z.number().nullable(),
  }),
  comparables: z.array(cmaReportComparableSchema),
  /** The city's last 12 months, oldest first; null when no snapshot names the city. */
  trend: z.object({ city: z.string(), state: z.string(), months: z.array(cmaReportTrendMonthSchema) }).nullable(),
  recommended: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** How the range was reached: the picked comparables' adjusted prices. */
  rangeBasis: cmaRangeBasisSchema,
  note: z.string(),
  disclosures: z.object({
    mlsName: z.string(),
    /** The MLS's disclaimer in the report's language (the English original beside a Korean rendering when it has one). */
    disclaimer: z.string(),
    /** The equal-housing line in the report's language. */
    equalHousing: z.string(),
    isDemo: z.boolean(),
  }),
})
export type CmaReport = z.infer<typeof cmaReportSchema>
