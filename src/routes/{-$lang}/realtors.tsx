import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading, PageShell } from '~/features/shell/page-shell'
import { DirectoryView } from '~/features/directory/directory-view'
import { IslandsPage } from '~/features/islands/island'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam } from '~/lib/lang'
import { islandsPage } from '~/lib/page-scripts'
import { directoryCitiesQuery, directoryPageQuery } from '~/queries/directory'
import { directorySearchSchema, type DirectorySearch } from '~/schemas/directory-search'

/** The page's filters as the directory's queries: the loader fetches them, the page reads them. */
function directoryQueries(search: DirectorySearch) {
  return {
    page: directoryPageQuery({ state: search.state, city: search.city, page: search.page ?? 1, pageSize: 12 }),
    cities: directoryCitiesQuery({ state: search.state }),
  }
}

export const Route = createFileRoute('/{-$lang}/realtors')({
  validateSearch: directorySearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const queries = directoryQueries(deps)
    await Promise.all([context.queryClient.ensureQueryData(queries.page), context.queryClient.ensureQueryData(queries.cities)])
  },
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/realtors',
      title: msg`Find a realtor`,
      description: msg`Realtors in California and Georgia with homepages in Korean and English.`,
    }),
  // Cards and filter links (document loads, decision 051); the header's account menu is its one island.
  headers: islandsPage,
  component: DirectoryRoute,
})

function DirectoryRoute() {
  const search = Route.useSearch()
  const queries = directoryQueries(search)
  const { data: page } = useSuspenseQuery(queries.page)
  const { data: cities } = useSuspenseQuery(queries.cities)
  const { lang } = Route.useParams()
  return (
    <IslandsPage>
      <PageShell>
        <PageHeading>
          <Trans>Find a realtor</Trans>
        </PageHeading>
        <p className="mt-3 max-w-2xl text-lg text-stone-700 dark:text-stone-300">
          <Trans>Realtors in California and Georgia who serve clients in Korean and English. Choose a state or a city.</Trans>
        </p>
        <div className="mt-8">
          <DirectoryView lang={langFromParam(lang)} filters={search} page={page} cities={cities} />
        </div>
      </PageShell>
    </IslandsPage>
  )
}
