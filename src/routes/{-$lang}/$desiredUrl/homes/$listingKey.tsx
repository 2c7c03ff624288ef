import { createFileRoute, notFound } from '@tanstack/react-router'
import { homeDetailHead } from '~/features/listings/home-detail-head'
import { HomeDetailPage } from '~/features/listings/home-detail-page'
import { getHomeForPage } from '~/functions/homes.functions'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/homes/$listingKey')({
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, params }) => {
    const home = await getHomeForPage({
      data: { listingKey: params.listingKey, desiredUrl: context.realtor.desiredUrl, lang: langFromParam(params.lang) },
    })
    if (!home) throw notFound()
    return { home }
  },
  head: ({ match, params, loaderData }) =>
    loaderData ? homeDetailHead(match.context.realtor, loaderData.home, langFromParam(params.lang), match.context.site) : {},
  component: HomeDetailRoute,
})

function HomeDetailRoute() {
  const { realtor } = Route.useRouteContext()
  const { home } = Route.useLoaderData()
  const { lang } = Route.useParams()
  return <HomeDetailPage realtor={realtor} home={home} lang={langFromParam(lang)} />
}
