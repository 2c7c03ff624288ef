import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { IslandsPage } from '~/features/islands/island'
import { LandingPage } from '~/features/landing/landing-page'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam } from '~/lib/lang'
import { islandsPage } from '~/lib/page-scripts'
import { directoryPageQuery } from '~/queries/directory'

const SHOWCASE = { page: 1, pageSize: 6 }

export const Route = createFileRoute('/{-$lang}/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(directoryPageQuery(SHOWCASE))
  },
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/',
      title: msg`Bilingual homepages for realtors`,
      description: msg`A homepage in Korean and English for every realtor: who you are, your listings, and messages from your clients.`,
    }),
  // Text, photos and links; the header's account menu is its one island (decision 051).
  headers: islandsPage,
  component: LandingRoute,
})

function LandingRoute() {
  const { data: showcase } = useSuspenseQuery(directoryPageQuery(SHOWCASE))
  const { lang } = Route.useParams()
  return (
    <IslandsPage>
      <LandingPage lang={langFromParam(lang)} showcase={showcase} />
    </IslandsPage>
  )
}
