import { createFileRoute } from '@tanstack/react-router'
import { RealtorHomepage } from '~/features/homepage/homepage'
import { homepageHead } from '~/features/homepage/homepage-head'
import { langFromParam } from '~/lib/lang'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/')({
  head: ({ match, params }) => homepageHead(match.context.realtor, langFromParam(params.lang), match.context.site),
  component: HomepageRoute,
})

function HomepageRoute() {
  const { realtor } = Route.useRouteContext()
  const { lang } = Route.useParams()
  return <RealtorHomepage realtor={realtor} lang={langFromParam(lang)} today={new Date()} />
}
