import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { blogListHead } from '~/features/blog/blog-head'
import { BlogListPage } from '~/features/blog/blog-list-page'
import { langFromParam } from '~/lib/lang'
import { IslandsPage } from '~/features/islands/island'
import { noPageScriptsUnlessTagged } from '~/lib/page-scripts'
import { blogListQuery } from '~/queries/blog'
import { blogSearchSchema, type BlogSearch } from '~/schemas/blog-search'

function listQuery(desiredUrl: string, langValue: string | undefined, search: BlogSearch) {
  return blogListQuery({ desiredUrl, lang: langFromParam(langValue), kind: search.kind, tag: search.tag, page: search.page })
}

/** A realtor's posts (issue 28), paged and filtered by kind and tag. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/blog/')({
  validateSearch: blogSearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, params, deps: { search } }) => {
    const list = await context.queryClient.ensureQueryData(listQuery(params.desiredUrl, params.lang, search))
    if (!list) throw notFound()
  },
  head: ({ match, params }) => {
    // A page past the end shows the last page; its canonical names the page shown.
    const list = match.context.queryClient.getQueryData(listQuery(params.desiredUrl, params.lang, match.search).queryKey)
    const search = list ? { ...match.search, page: list.page } : match.search
    return blogListHead(match.context.realtor, langFromParam(params.lang), match.context.site, search)
  },
  // Links and text only: sent without the app's scripts unless the realtor's analytics asks consent, an island then (decision 051).
  headers: ({ match }) => noPageScriptsUnlessTagged(match.context.realtor),
  component: BlogListRoute,
})

function BlogListRoute() {
  const { realtor } = Route.useRouteContext()
  const { lang, desiredUrl } = Route.useParams()
  const search = Route.useSearch()
  const { data: list } = useSuspenseQuery(listQuery(desiredUrl, lang, search))
  if (!list) return null
  return (
    <IslandsPage>
      <BlogListPage realtor={realtor} lang={langFromParam(lang)} search={search} list={list} />
    </IslandsPage>
  )
}
