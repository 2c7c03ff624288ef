import { createFileRoute, notFound } from '@tanstack/react-router'
import { RealtorHomepage } from '~/features/homepage/homepage'
import { homepageHead } from '~/features/homepage/homepage-head'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/')({
  // An unpublished homepage is not there for visitors; its owner sees it in the editor's preview.
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  head: ({ match, params }) => homepageHead(match.context.realtor, langFromParam(params.lang), match.context.site),
  component: HomepageRoute,
})

function HomepageRoute() {
  const { realtor } = Route.useRouteContext()
  const { lang } = Route.useParams()
  return <RealtorHomepage realtor={realtor} lang={langFromParam(lang)} today={new Date()} />
}
