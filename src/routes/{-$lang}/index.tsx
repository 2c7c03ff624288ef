import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '~/features/landing/landing-page'
import { staticPageHead } from '~/features/pages/page-head'
import { getDirectoryPage } from '~/functions/directory.functions'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/')({
  loader: () => getDirectoryPage({ data: { page: 1, pageSize: 6 } }),
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/',
      title: msg`Bilingual homepages for realtors`,
      description: msg`A homepage in Korean and English for every realtor: who you are, your listings, and messages from your clients.`,
    }),
  component: LandingRoute,
})

function LandingRoute() {
  const showcase = Route.useLoaderData()
  const { lang } = Route.useParams()
  return <LandingPage lang={langFromParam(lang)} showcase={showcase} />
}
