import { msg } from '@lingui/core/macro'
import { translate } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { seoHead } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import type { PublicRealtor } from '~/schemas/realtor'

/** Title, description, canonical and hreflang of a realtor's home-value page. */
export function homeValueHead(realtor: PublicRealtor, lang: Lang, site: SiteContext) {
  const name = realtorDisplayName(realtor, lang)
  return seoHead({
    site,
    lang,
    path: `/${realtor.desiredUrl}/home-value`,
    title: translate(lang, msg`What is my home worth? | ${name}`),
    realtorName: name,
    description: translate(
      lang,
      msg`A free estimate of your home's value from comparable homes nearby, with the homes it rests on. No sign-up, no personal details. ${name} can give you a personal valuation.`,
    ),
  })
}
