import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '~/features/landing/landing-page'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam } from '~/lib/lang'
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
  component: LandingRoute,
})

function LandingRoute() {
  const { data: showcase } = useSuspenseQuery(directoryPageQuery(SHOWCASE))
  const { lang } = Route.useParams()
  return <LandingPage lang={langFromParam(lang)} showcase={showcase} />
}
