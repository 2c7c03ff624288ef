import { queryOptions } from '@tanstack/react-query'
import { listMyCmas, readMyCma, readSellerLeadHome, readSharedCma } from '~/functions/cma.functions'

/* The market analysis tab's reads (issue 53), and the share page's report. */
export const cmaKeys = {
  all: ['cmas'] as const,
  list: (realtorId: string) => [...cmaKeys.all, 'list', realtorId] as const,
  one: (id: string) => [...cmaKeys.all, 'one', id] as const,
}

export function cmaListQuery(realtorId: string) {
  return queryOptions({ queryKey: cmaKeys.list(realtorId), queryFn: () => listMyCmas({ data: { realtorId } }) })
}

export function cmaQuery(id: string) {
  // A draft being edited is the realtor's own: refetched only when asked, never over their typing.
  return queryOptions({ queryKey: cmaKeys.one(id), queryFn: () => readMyCma({ data: { id } }), refetchOnWindowFocus: false, retry: false })
}

export function sellerLeadHomeQuery(leadId: string) {
  return queryOptions({ queryKey: ['seller-lead-home', leadId], queryFn: () => readSellerLeadHome({ data: { id: leadId } }), retry: false })
}

export function sharedCmaQuery(token: string, lang: 'ko' | 'en') {
  return queryOptions({ queryKey: ['shared-cma', token, lang], queryFn: () => readSharedCma({ data: { token, lang } }), refetchOnMount: false })
}
