import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { IslandsPage } from '~/features/islands/island'
import { HomeSearchPage } from '~/features/listings/home-search-page'
import { homeSearchHead } from '~/features/listings/home-search-head'
import { langFromParam } from '~/lib/lang'
import { fitPricesToType } from '~/lib/listing-prices'
import { islandsPage } from '~/lib/page-scripts'
import { homeListQuery, realtorHomeListQuery } from '~/queries/homes'
import { homeSearchSchema } from '~/schemas/listing-search'

/** Twice the homepage's page: a search page is where a buyer scans many homes at once. */
const SEARCH_LIST = { perPage: 18, group: 180 }

export const Route = createFileRoute('/{-$lang}/$desiredUrl/homes/')({
  validateSearch: homeSearchSchema,
  // As on the homepage: prices that do not fit the type are cleared before the lookup, and the page says so.
  // The map's being open changes no data: only the filters and the map's area are the loader's.
  loaderDeps: ({ search: { view: _view, ...search } }) => ({ search: fitPricesToType(search).search }),
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, deps: { search }, params }) => {
    const query = realtorHomeListQuery(context.realtor, search, langFromParam(params.lang), SEARCH_LIST)
    if (query) await context.queryClient.ensureQueryData(query)
  },
  head: ({ match, params }) => homeSearchHead(match.context.realtor, langFromParam(params.lang), match.context.site),
  // The list is an islands page (decision 051): its filters and "Save this search" are islands.
  // The map is an application of its own (the map and the list follow each other in place), so
  // `view=map` keeps the app's scripts; the visitor asks for it, and MapLibre loads with it.
  headers: ({ match }) => (match.search.view === 'map' ? undefined : islandsPage()),
  component: HomeSearchRoute,
})

function HomeSearchRoute() {
  const { realtor, site } = Route.useRouteContext()
  const { search, cleared } = fitPricesToType(Route.useSearch())
  const lang = langFromParam(Route.useParams().lang)
  const query = realtorHomeListQuery(realtor, search, lang, SEARCH_LIST)
  const list = useQuery({ ...(query ?? homeListQuery({})), enabled: query !== null }).data ?? null
  return (
    <IslandsPage enabled={search.view !== 'map'}>
      <HomeSearchPage realtor={realtor} lang={lang} search={search} pricesCleared={cleared} list={list} map={site.map} />
    </IslandsPage>
  )
}
