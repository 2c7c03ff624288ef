import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading, PageShell } from '~/components/page-shell'
import { realtorDisplayName } from '~/features/homepage/realtor-names'
import { translate } from '~/i18n/i18n'
import { langFromParam } from '~/lib/lang'
import { seoHead } from '~/lib/seo'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/')({
  head: ({ match, params }) => {
    const lang = langFromParam(params.lang)
    const name = realtorDisplayName(match.context.realtor, lang)
    return seoHead({
      site: match.context.site,
      lang,
      path: `/${params.desiredUrl}`,
      title: name,
      description: translate(lang, msg`The homepage of ${name}`),
      type: 'profile',
    })
  },
  component: RealtorHomepage,
})

function RealtorHomepage() {
  const { realtor } = Route.useRouteContext()
  const { lang } = Route.useParams()
  return (
    <PageShell>
      <PageHeading>{realtorDisplayName(realtor, langFromParam(lang))}</PageHeading>
    </PageShell>
  )
}
