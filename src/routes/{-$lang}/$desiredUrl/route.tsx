import { createFileRoute, notFound, Outlet, useRouterState } from '@tanstack/react-router'
import { VisitorPageProvider } from '~/components/visitor-page'
import { toPublicPath } from '~/lib/own-domain-paths'
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
  component: RealtorPages,
})

/** The visitor's page as plain data for the forms of these pages, islands included (components/visitor-page.tsx). */
function RealtorPages() {
  const { ownDomain } = Route.useRouteContext()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const page = { path: ownDomain ? toPublicPath(pathname, ownDomain) : pathname, ...(ownDomain ? { ownDomain } : {}) }
  return (
    <VisitorPageProvider page={page}>
      <Outlet />
    </VisitorPageProvider>
  )
}
