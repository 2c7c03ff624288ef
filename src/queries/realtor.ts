import { queryOptions } from '@tanstack/react-query'
import { getPublicRealtor } from '~/functions/realtor.functions'

/** A public realtor by desiredUrl, id or own domain; null when there is none. */
export function publicRealtorQuery(key: string) {
  return queryOptions({
    queryKey: ['realtor', 'public', key.toLowerCase()],
    queryFn: () => getPublicRealtor({ data: { key } }),
    staleTime: 60_000,
  })
}
