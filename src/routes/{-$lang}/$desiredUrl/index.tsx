import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { useEffect } from 'react'
import { feedLink } from '~/features/blog/blog-head'
import { LatestPosts } from '~/features/blog/latest-posts'
import { RealtorHomepage } from '~/features/homepage/homepage'
import { homepageHead } from '~/features/homepage/homepage-head'
import { ListingsSection } from '~/features/listings/listings-section'
import { langFromParam, type Lang } from '~/lib/lang'
import { fitPricesToType } from '~/lib/listing-prices'
import { islandsPage } from '~/lib/page-scripts'
import { sendVisitBeacon, VISIT_META } from '~/lib/visit-beacon'
import { IslandsPage } from '~/features/islands/island'
import { latestPostsQuery } from '~/queries/blog'
import { homeListQuery, realtorHomeListQuery } from '~/queries/homes'
import { HOMEPAGE_HOMES_PER_GROUP, HOMEPAGE_HOMES_PER_PAGE, listingSearchSchema, type ListingSearch } from '~/schemas/listing-search'
import type { PublicRealtor } from '~/schemas/realtor'

const HOMEPAGE_LIST = { perPage: HOMEPAGE_HOMES_PER_PAGE, group: HOMEPAGE_HOMES_PER_GROUP }

/** The homes a homepage lists for its search params; null when the realtor names no region. */
function homepageListQuery(realtor: PublicRealtor, search: ListingSearch, lang: Lang) {
  return realtorHomeListQuery(realtor, search, lang, HOMEPAGE_LIST)
}

export const Route = createFileRoute('/{-$lang}/$desiredUrl/')({
  validateSearch: listingSearchSchema,
  // Prices that do not fit the type (a sale price sent with "rent" by a form without JavaScript)
  // are cleared before the homes are looked up; the page says so.
  loaderDeps: ({ search }) => ({ search: fitPricesToType(search).search }),
  // An unpublished homepage is not there for visitors; its owner sees it in the editor's preview.
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, deps: { search }, params }) => {
    const lang = langFromParam(params.lang)
    const query = homepageListQuery(context.realtor, search, lang)
    await Promise.all([
      query ? context.queryClient.ensureQueryData(query) : undefined,
      context.queryClient.ensureQueryData(latestPostsQuery(context.realtor.desiredUrl, lang)),
    ])
  },
  head: ({ match, params }) => {
    const lang = langFromParam(params.lang)
    const head = homepageHead(match.context.realtor, lang, match.context.site)
    // A homepage with posts names its blog's feed too (issue 28), where feed readers look first.
    const posts = match.context.queryClient.getQueryData(latestPostsQuery(match.context.realtor.desiredUrl, lang).queryKey)
    // The view the islands runtime counts (decision 051); the app (the editor's way here) counts it in the component.
    const visit = { name: VISIT_META, content: JSON.stringify({ realtorId: match.context.realtor.id, page: 'home', lang }) }
    return {
      ...head,
      meta: [...head.meta, visit],
      links: posts && posts.length > 0 ? [...head.links, feedLink(match.context.realtor, lang, match.context.site)] : head.links,
    }
  },
  // Sent with the islands runtime instead of the app's scripts (decision 051), as the component renders it.
  headers: islandsPage,
  component: HomepageRoute,
})

function HomepageRoute() {
  const { realtor } = Route.useRouteContext()
  const { search, cleared: pricesCleared } = fitPricesToType(Route.useSearch())
  const { lang: langValue } = Route.useParams()
  const lang = langFromParam(langValue)
  const query = homepageListQuery(realtor, search, lang)
  // One view per homepage shown, counted after load (decision 016); a filter is not a new view.
  useEffect(() => sendVisitBeacon({ realtorId: realtor.id, page: 'home', lang }), [realtor.id, lang])
  // The loader has put the list in the cache; a realtor without a region has none.
  const homes = useQuery({ ...(query ?? homeListQuery({})), enabled: query !== null }).data ?? null
  const posts = useQuery(latestPostsQuery(realtor.desiredUrl, lang)).data ?? []
  const filtered =
    search.region !== undefined || search.type !== undefined || search.minPrice !== undefined || search.maxPrice !== undefined || search.minBeds !== undefined
  // Each section shows only with content: no homes in the realtor's areas, no section.
  const showListings = homes !== null && (homes.totalHomes > 0 || filtered || (search.page ?? 1) > 1)
  return (
    <IslandsPage>
      <RealtorHomepage
        realtor={realtor}
        lang={lang}
        today={new Date()}
        latestPosts={posts.length > 0 ? <LatestPosts posts={posts} lang={lang} desiredUrl={realtor.desiredUrl} /> : undefined}
        listings={
          showListings && homes ? <ListingsSection realtor={realtor} lang={lang} search={search} pricesCleared={pricesCleared} list={homes} /> : undefined
        }
      />
    </IslandsPage>
  )
}
