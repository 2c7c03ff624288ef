import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { listingSourceSchema } from './listing-source'
import { messageId } from './messages'
import { stateCodeSchema } from './valuations'

/*
 * Market reports (issue 27 item 4): a city's figures as of its latest snapshot and the monthly
 * trend before it, the same for the page and `GET /market`. Figures a city has nothing to take
 * from are null, never 0.
 */

export const marketFiguresSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM (UTC) the figures belong to' }),
  asOf: z.string().meta({ description: 'ISO-8601: when the figures were computed (after an import)' }),
  listingCount: z.number().int().meta({ description: 'Listings for sale the figures rest on' }),
  activeCount: z.number().int().meta({ description: 'Active inventory: listings for sale with status Active' }),
  newListings: z.number().int().meta({ description: 'Listings that came on the market in the 30 days before asOf' }),
  priceReductions: z.number().int().meta({ description: 'Active or under-contract listings reduced below their original price in the last 30 days' }),
  soldCount: z.number().int().nullable().meta({ description: 'Sales in the 90 days before asOf that the MLS allows to show; null: no sold data' }),
  medianListPrice: z.number().nullable().meta({ description: 'Median list price of active listings, dollars' }),
  medianPricePerSquareFoot: z.number().nullable().meta({ description: 'Median list price per square foot of active listings with an area' }),
  medianDaysOnMarket: z.number().nullable().meta({ description: 'Median days on the market of active listings' }),
  monthsOfSupply: z.number().nullable().meta({ description: 'Active inventory over the monthly pace of sales; null without sold data' }),
})
export type MarketFigures = z.infer<typeof marketFiguresSchema>

export const marketReportSchema = z.object({
  city: z.string(),
  state: z.string(),
  /** The city's address segment, `irvine-ca`. */
  slug: z.string(),
  isDemo: z.boolean().meta({ description: 'The figures rest on demonstration listings (or generated demonstration history)' }),
  source: listingSourceSchema,
  current: marketFiguresSchema,
  /** Up to 12 months, oldest first, the current month last. */
  trend: z.array(marketFiguresSchema),
  monthToDate: z.boolean().meta({ description: 'The latest month is still running: its figures are to date (asOf), not the whole month' }),
})
export type MarketReport = z.infer<typeof marketReportSchema>

/** A city of the realtor's region with a report, for the list page and the links between reports. */
export const marketCitySchema = z.object({
  city: z.string(),
  state: z.string(),
  slug: z.string(),
  activeCount: z.number().int(),
  medianListPrice: z.number().nullable(),
})
export type MarketCity = z.infer<typeof marketCitySchema>

const desiredUrl = z.string().trim().min(1).max(64)

export const marketCitiesRequestSchema = z.object({ desiredUrl })
export const marketReportRequestSchema = z.object({ desiredUrl, city: z.string().trim().min(1).max(120) })
export type MarketReportRequest = z.infer<typeof marketReportRequestSchema>

export const realtorMarketReportSchema = z.object({ report: marketReportSchema, cities: z.array(marketCitySchema) })
export type RealtorMarketReport = z.infer<typeof realtorMarketReportSchema>

/** `GET /market?state=&city=`: a city by its name as the listings spell it, any case. */
export const marketQuerySchema = z.object({
  state: stateCodeSchema,
  city: z
    .string({ error: messageId(msg`Enter the city`) })
    .trim()
    .min(1, { error: messageId(msg`Enter the city`) })
    .max(100, { error: messageId(msg`This text is too long`) }),
})
