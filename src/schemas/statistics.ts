import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from './messages'

/*
 * A realtor's visitor statistics (issue 14, decision 016): `GET /realtors/{id}/statistics` and
 * the editor's Statistics tab read the same response.
 */

export const STATISTICS_PERIODS = [30, 90] as const
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number]

const daysSchema = z.union([z.literal('30'), z.literal('90'), z.literal(30), z.literal(90)], {
  error: messageId(msg`Choose 30 or 90 days`),
})

/** The request: the realtor and the period, 30 days unless it says 90. */
export const statisticsQuerySchema = z.object({
  realtorId: z.string().min(1).max(64),
  days: daysSchema.optional().transform((value): StatisticsPeriod => (value === undefined ? 30 : Number(value) === 90 ? 90 : 30)),
})

export type StatisticsQuery = z.input<typeof statisticsQuerySchema>

const count = z.number().int().min(0)

export const statisticsDaySchema = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  views: count,
  homeViews: count,
  listingViews: count,
  messages: count,
})

export const statisticsSchema = z.object({
  realtorId: z.string(),
  days: z.union([z.literal(30), z.literal(90)]),
  /** The first and last day of the period (UTC), today included. */
  from: z.string(),
  to: z.string(),
  /** Every day of the period, oldest first, with zeros where nobody came. */
  daily: z.array(statisticsDaySchema),
  totals: z.object({
    views: count,
    homeViews: count,
    listingViews: count,
    ko: count,
    en: count,
    messages: count,
    savedSearches: count,
    /** Messages per 100 page views, one decimal; null without any view. */
    messagesPer100Views: z.number().nullable(),
  }),
  topListings: z.array(z.object({ listingKey: z.string(), views: count })),
  topReferrers: z.array(
    z.object({
      referrerClass: z.enum(['direct', 'search', 'social', 'other']),
      /** The engine or network (`google`, `kakaotalk`), another site's host, '' for direct. */
      referrerHost: z.string(),
      views: count,
    }),
  ),
})

export type Statistics = z.infer<typeof statisticsSchema>
export type StatisticsDay = z.infer<typeof statisticsDaySchema>
