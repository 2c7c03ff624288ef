import { createFileRoute, notFound } from '@tanstack/react-router'
import { HomeValuePage } from '~/features/valuations/home-value-page'
import { homeValueHead } from '~/features/valuations/home-value-head'
import { getPostedValuation } from '~/functions/valuations.functions'
import { IslandsPage } from '~/features/islands/island'
import { langFromParam } from '~/lib/lang'
import { islandsPage } from '~/lib/page-scripts'

/*
 * "What is my home worth?" (issue 27 item 1). A GET is the empty form, kept by the page store;
 * the form posted without scripts is answered by this page with the estimate (decision 036),
 * which the loader asks for: null on every request that posted nothing.
 */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/home-value')({
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, params }) => ({
    posted: import.meta.env.SSR ? await getPostedValuation({ data: { realtorId: context.realtor.id, lang: langFromParam(params.lang) } }) : null,
  }),
  head: ({ match, params }) => homeValueHead(match.context.realtor, langFromParam(params.lang), match.context.site),
  // Sent with the islands runtime (decision 051): the form and its answer are its island.
  headers: islandsPage,
  component: HomeValueRoute,
})

function HomeValueRoute() {
  const { realtor } = Route.useRouteContext()
  const { posted } = Route.useLoaderData()
  const lang = langFromParam(Route.useParams().lang)
  return (
    <IslandsPage>
      <HomeValuePage realtor={realtor} lang={lang} posted={posted} />
    </IslandsPage>
  )
}
