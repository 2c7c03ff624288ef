import { createServerFn } from '@tanstack/react-start'
import { statisticsQuerySchema } from '~/schemas/statistics'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'
import { getStatistics } from '~/server/stats/statistics'

/** A realtor's visitor statistics for the editor's tab: the owner's, or any for an admin (same use case as `GET /realtors/{id}/statistics`). */
export const getRealtorStatistics = createServerFn({ method: 'GET' })
  .validator(parseWith(statisticsQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return getStatistics(services, await currentActor(services), data)
  })
