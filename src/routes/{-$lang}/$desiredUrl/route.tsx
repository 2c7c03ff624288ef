import { createFileRoute, notFound } from '@tanstack/react-router'
import { parseDesiredUrlParams } from '~/lib/route-params'
import { publicRealtorQuery } from '~/queries/realtor'

/*
 * Everything under /{desiredUrl}. Reserved words never match (params.parse returns false),
 * and a page renders only once a realtor with an id has loaded; otherwise a real 404.
 */
export const Route = createFileRoute('/{-$lang}/$desiredUrl')({
  params: { parse: parseDesiredUrlParams },
  beforeLoad: async ({ context, params }) => {
    const realtor = await context.queryClient.ensureQueryData(publicRealtorQuery(params.desiredUrl))
    if (!realtor?.id) throw notFound()
    return { realtor }
  },
})
