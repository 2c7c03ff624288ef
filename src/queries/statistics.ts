import { queryOptions } from '@tanstack/react-query'
import { getRealtorStatistics } from '~/functions/statistics.functions'
import type { StatisticsPeriod } from '~/schemas/statistics'

/** A realtor's statistics: `['statistics', realtorId, days]`. */
export const statisticsKeys = {
  all: ['statistics'] as const,
  realtor: (realtorId: string) => [...statisticsKeys.all, realtorId] as const,
}

export function statisticsQuery(realtorId: string, days: StatisticsPeriod) {
  return queryOptions({
    queryKey: [...statisticsKeys.realtor(realtorId), days],
    queryFn: () => getRealtorStatistics({ data: { realtorId, days: String(days) === '90' ? '90' : '30' } }),
    // Counts reach the database every half minute at most: asking more often shows nothing new.
    staleTime: 30_000,
  })
}
