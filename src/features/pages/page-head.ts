import type { MessageDescriptor } from '@lingui/core'
import { translate } from '~/i18n/i18n'
import { langFromParam } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { PublicRealtor } from '~/schemas/realtor'
import { seoHead } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'

/** Head tags for a page whose title and description are catalog messages. */
export function staticPageHead(input: {
  site: SiteContext
  langParam: string | undefined
  path: string
  title: MessageDescriptor
  description: MessageDescriptor
  noindex?: boolean
  /** A page of this realtor's site (a form's status page): titled with their name, not the platform's. */
  realtor?: PublicRealtor
}) {
  const lang = langFromParam(input.langParam)
  return seoHead({
    site: input.site,
    lang,
    path: input.path,
    title: translate(lang, input.title),
    description: translate(lang, input.description),
    noindex: input.noindex,
    realtorName: input.realtor ? realtorDisplayName(input.realtor, lang) : undefined,
  })
}
