import type { MessageDescriptor } from '@lingui/core'
import { staticPageHead } from '~/features/pages/page-head'
import type { SiteContext } from '~/lib/site'
import type { PublicRealtor } from '~/schemas/realtor'

/**
 * The head every small status page of a realtor's site shares (a form posted without scripts, a
 * link from an alert mail): titled with the realtor's name and kept out of every index (each is
 * per visitor). Such a page is sent without the app's scripts (`noPageScripts`, decision 051).
 */
export function realtorStatusHead(page: { path: string; title: MessageDescriptor; description: MessageDescriptor }) {
  return ({ match, params }: { match: { context: { site: SiteContext; realtor: PublicRealtor } }; params: { lang?: string; desiredUrl: string } }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      realtor: match.context.realtor,
      path: `/${params.desiredUrl}/${page.path}`,
      title: page.title,
      description: page.description,
      noindex: true,
    })
}
