import { createServerFn } from '@tanstack/react-start'
import { postedValuationRequestSchema } from '~/schemas/valuations'
import { parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'
import { postedValuation } from '~/server/valuations/posted-valuation'

/**
 * The home-value page's answer to its form posted without scripts (decision 036): null unless
 * this very request posted it, so a call from a browser (a client-side navigation) gets null.
 */
export const getPostedValuation = createServerFn({ method: 'GET' })
  .validator(parseWith(postedValuationRequestSchema))
  .handler(async ({ data }) => postedValuation(await getServices(), data.realtorId, data.lang))
