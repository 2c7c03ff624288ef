import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { ForbiddenPage } from '~/features/shell/forbidden-page'
import { requireSession } from '~/features/auth/guards'
import { staticPageHead } from '~/features/pages/page-head'
import { editAccessByUrlQuery } from '~/queries/session'
import { langFromParam, langParam, localizedPath } from '~/lib/lang'
import { markResponseStatus } from '~/lib/response-status'

/*
 * /{desiredUrl}/process: the homepage already exists, so its owner (or an admin) continues
 * in the editor; anyone else gets a 403, a visitor the sign-in page.
 */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/process')({
  beforeLoad: async ({ context, params, location }) => {
    const lang = langFromParam(params.lang)
    await requireSession(context.queryClient, lang, localizedPath(lang, location.pathname) + location.searchStr)
    const access = await context.queryClient.fetchQuery(editAccessByUrlQuery(params.desiredUrl))
    if (access === 'allowed') {
      throw redirect({ to: '/{-$lang}/$desiredUrl/admin', params: { lang: langParam(lang), desiredUrl: params.desiredUrl } })
    }
    markResponseStatus(403)
  },
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      path: `/${params.desiredUrl}/process`,
      title: msg`Create your homepage`,
      description: msg`Create your bilingual homepage step by step.`,
      noindex: true,
    }),
  component: ForbiddenPage,
})
