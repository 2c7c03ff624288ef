import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { staticPageHead } from '~/features/pages/page-head'
import { ProcessPage } from '~/features/pages/placeholder-pages'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/process')({
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/process`,
      title: msg`Create your homepage`,
      description: msg`Create your bilingual homepage step by step.`,
      noindex: true,
    }),
  component: ProcessPage,
})
