import { createFileRoute, notFound } from '@tanstack/react-router'
import { RealtorHomepage } from '~/features/homepage/homepage'
import { homepageHead } from '~/features/homepage/homepage-head'
import { ListingsSection } from '~/features/listings/listings-section'
import { getHomeList } from '~/functions/homes.functions'
import { langFromParam } from '~/lib/lang'
import { HOMEPAGE_HOMES_PER_GROUP, HOMEPAGE_HOMES_PER_PAGE, listingSearchSchema } from '~/schemas/listing-search'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  // An unpublished homepage is not there for visitors; its owner sees it in the editor's preview.
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, deps: { search }, params }) => {
    const regions = context.realtor.activityRegion
    const region = regions[search.region ?? 0] ?? regions[0]
    if (!region) return { homes: null }
    // Reversed bounds are read as the range the visitor meant rather than an error.
    const [minPrice, maxPrice] =
      search.minPrice !== undefined && search.maxPrice !== undefined && search.minPrice > search.maxPrice
        ? [search.maxPrice, search.minPrice]
        : [search.minPrice, search.maxPrice]
    const homes = await getHomeList({
      data: {
        state: region.state,
        city: region.city,
        type: search.type ?? 'sale',
        minPrice,
        maxPrice,
        minBeds: search.minBeds,
        currentPage: search.page ?? 1,
        homesPerPage: HOMEPAGE_HOMES_PER_PAGE,
        totalHomesPerGroup: HOMEPAGE_HOMES_PER_GROUP,
        realtor: context.realtor.desiredUrl,
        lang: langFromParam(params.lang),
      },
    })
    return { homes }
  },
  head: ({ match, params }) => homepageHead(match.context.realtor, langFromParam(params.lang), match.context.site),
  component: HomepageRoute,
})

function HomepageRoute() {
  const { realtor } = Route.useRouteContext()
  const { homes } = Route.useLoaderData()
  const search = Route.useSearch()
  const { lang: langValue } = Route.useParams()
  const lang = langFromParam(langValue)
  const filtered = search.region !== undefined || search.type !== undefined || search.minPrice !== undefined || search.maxPrice !== undefined || search.minBeds !== undefined
  // Each section shows only with content: no homes in the realtor's areas, no section.
  const showListings = homes !== null && (homes.totalHomes > 0 || filtered || (search.page ?? 1) > 1)
  return (
    <RealtorHomepage
      realtor={realtor}
      lang={lang}
      today={new Date()}
      listings={
        showListings && homes ? (
          <ListingsSection lang={lang} desiredUrl={realtor.desiredUrl} regions={realtor.activityRegion} search={search} list={homes} />
        ) : undefined
      }
    />
  )
}
