import { queryOptions } from '@tanstack/react-query'
import { getMarketCities, getMarketReport } from '~/functions/market.functions'

/* A realtor's market reports (issue 27), rendered on the server and kept as hydrated. */
export const marketKeys = {
  all: ['market'] as const,
}

export function marketCitiesQuery(desiredUrl: string) {
  return queryOptions({
    queryKey: [...marketKeys.all, 'cities', desiredUrl.toLowerCase()],
    queryFn: () => getMarketCities({ data: { desiredUrl } }),
    refetchOnMount: false,
  })
}

export function marketReportQuery(desiredUrl: string, city: string) {
  return queryOptions({
    queryKey: [...marketKeys.all, 'report', desiredUrl.toLowerCase(), city],
    queryFn: () => getMarketReport({ data: { desiredUrl, city } }),
    refetchOnMount: false,
  })
}
