import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { IslandsPage } from '~/features/islands/island'
import { HomeSearchPage } from '~/features/listings/home-search-page'
import { homeSearchHead } from '~/features/listings/home-search-head'
import { langFromParam } from '~/lib/lang'
import { fitPricesToType } from '~/lib/listing-prices'
import { islandsPage } from '~/lib/page-scripts'
import { homeListQuery, realtorHomeListQuery } from '~/queries/homes'
import { HOME_SEARCH_LIST, homeSearchSchema } from '~/schemas/listing-search'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/homes/')({
  validateSearch: homeSearchSchema,
  // As on the homepage: prices that do not fit the type are cleared before the lookup, and the page says so.
  // The map's being open changes no data: only the filters and the map's area are the loader's.
  loaderDeps: ({ search: { view: _view, ...search } }) => ({ search: fitPricesToType(search).search }),
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, deps: { search }, params, location }) => {
    const query = realtorHomeListQuery(context.realtor, search, langFromParam(params.lang), HOME_SEARCH_LIST)
    if (!query) return
    const list = await context.queryClient.ensureQueryData(query)
    // A page past the last (an old link, a hand-typed `?page=99`) goes to the last page, with the rest of the search kept.
    if (search.page !== undefined && search.page > list.totalPages) {
      const last = list.totalPages > 1 ? list.totalPages : undefined
      throw redirect({ to: '/{-$lang}/$desiredUrl/homes', params, search: { ...homeSearchSchema.parse(location.search), page: last }, statusCode: 302 })
    }
  },
  head: ({ match, params }) => homeSearchHead(match.context.realtor, langFromParam(params.lang), match.context.site),
  // An islands page (decision 051): the list's filters and "Save this search" are islands, and
  // with the map open (`view=map`) the list and the map are one, whose code (MapLibre's with it)
  // loads once the page has.
  headers: islandsPage,
  component: HomeSearchRoute,
})

function HomeSearchRoute() {
  const { realtor, site } = Route.useRouteContext()
  const { search, cleared } = fitPricesToType(Route.useSearch())
  const lang = langFromParam(Route.useParams().lang)
  const query = realtorHomeListQuery(realtor, search, lang, HOME_SEARCH_LIST)
  const list = useQuery({ ...(query ?? homeListQuery({})), enabled: query !== null }).data ?? null
  return (
    <IslandsPage>
      <HomeSearchPage realtor={realtor} lang={lang} search={search} pricesCleared={cleared} list={list} map={site.map} />
    </IslandsPage>
  )
}
