import { createFileRoute, notFound } from '@tanstack/react-router'
import { langFromParam } from '~/lib/lang'
import { parseDesiredUrlParams } from '~/lib/route-params'
import { publicRealtorQuery } from '~/queries/realtor'
import { siteSectionsQuery } from '~/queries/site'

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
  // The site header's optional links (issue 51 item 1), beside the page's own loader; a homepage
  // not published has no visitor pages to link.
  loader: async ({ context, params }) => {
    if (context.realtor.isMakeHomepage !== 'Y') return
    await context.queryClient.ensureQueryData(siteSectionsQuery(params.desiredUrl, langFromParam(params.lang)))
  },
})
