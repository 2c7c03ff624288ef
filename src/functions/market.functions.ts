import { createServerFn } from '@tanstack/react-start'
import { marketCitiesRequestSchema, marketReportRequestSchema } from '~/schemas/market'
import { parseWith } from '~/server/http/server-fn'
import { realtorMarketCities, realtorMarketReport } from '~/server/market/market-reports'
import { getServices } from '~/server/process-services'

/*
 * A realtor's market reports (issue 27 item 4). null: no published homepage, or not a city of the
 * realtor's region with figures, which the route answers with a real 404.
 */

export const getMarketCities = createServerFn({ method: 'GET' })
  .validator(parseWith(marketCitiesRequestSchema))
  .handler(async ({ data }) => (await realtorMarketCities(await getServices(), data.desiredUrl)) ?? null)

export const getMarketReport = createServerFn({ method: 'GET' })
  .validator(parseWith(marketReportRequestSchema))
  .handler(async ({ data }) => (await realtorMarketReport(await getServices(), data)) ?? null)
