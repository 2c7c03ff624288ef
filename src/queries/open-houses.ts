import { queryOptions } from '@tanstack/react-query'
import { listMyOpenHouses } from '~/functions/open-houses.functions'

/** A realtor's own upcoming open houses: `['open-houses', realtorId]`. */
export const openHouseKeys = {
  all: ['open-houses'] as const,
  realtor: (realtorId: string) => [...openHouseKeys.all, realtorId] as const,
}

export function realtorOpenHousesQuery(realtorId: string) {
  return queryOptions({
    queryKey: openHouseKeys.realtor(realtorId),
    queryFn: () => listMyOpenHouses({ data: { realtorId } }),
  })
}
