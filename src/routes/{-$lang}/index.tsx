import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading, PageShell } from '~/components/page-shell'
import { staticPageHead } from '~/features/pages/page-head'

export const Route = createFileRoute('/{-$lang}/')({
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: '/',
      title: msg`Bilingual homepages for realtors`,
      description: msg`A homepage in Korean and English for every realtor: who you are, your listings, and messages from your clients.`,
    }),
  component: LandingPage,
})

function LandingPage() {
  return (
    <PageShell>
      <PageHeading>
        <Trans>Bilingual homepages for realtors</Trans>
      </PageHeading>
    </PageShell>
  )
}
