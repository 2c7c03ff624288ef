import { createFileRoute, notFound } from '@tanstack/react-router'
import { zodParams } from '~/lib/route-params'
import { publicRealtorQuery } from '~/queries/realtor'
import { desiredUrlParamsSchema } from '~/schemas/route-params'

/*
 * Everything under /{desiredUrl}. Reserved words never match (params.parse returns false),
 * and a page renders only once a realtor with an id has loaded; otherwise a real 404.
 */
export const Route = createFileRoute('/{-$lang}/$desiredUrl')({
  params: { parse: zodParams(desiredUrlParamsSchema) },
  beforeLoad: async ({ context, params }) => {
    const realtor = await context.queryClient.ensureQueryData(publicRealtorQuery(params.desiredUrl))
    if (!realtor?.id) throw notFound()
    return { realtor }
  },
})
