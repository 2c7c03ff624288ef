import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { staticPageHead } from '~/features/pages/page-head'
import { AdminPage } from '~/features/pages/placeholder-pages'

export const Route = createFileRoute('/{-$lang}/$desiredUrl/admin')({
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/admin`,
      title: msg`Edit your homepage`,
      description: msg`Edit your homepage, photos, texts and design.`,
      noindex: true,
    }),
  component: AdminPage,
})
