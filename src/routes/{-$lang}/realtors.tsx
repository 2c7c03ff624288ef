import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading, PageShell } from '~/components/page-shell'
import { DirectoryView } from '~/features/directory/directory-view'
import { staticPageHead } from '~/features/pages/page-head'
import { getDirectoryCities, getDirectoryPage } from '~/functions/directory.functions'
import { langFromParam } from '~/lib/lang'
import { directorySearchSchema } from '~/schemas/directory-search'

export const Route = createFileRoute('/{-$lang}/realtors')({
  validateSearch: directorySearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const [page, cities] = await Promise.all([
      getDirectoryPage({ data: { state: deps.state, city: deps.city, page: deps.page ?? 1, pageSize: 12 } }),
      getDirectoryCities({ data: { state: deps.state } }),
    ])
    return { page, cities }
  },
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/realtors',
      title: msg`Find a realtor`,
      description: msg`Realtors in California and Georgia with homepages in Korean and English.`,
    }),
  component: DirectoryRoute,
})

function DirectoryRoute() {
  const { page, cities } = Route.useLoaderData()
  const search = Route.useSearch()
  const { lang } = Route.useParams()
  return (
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
  )
}
