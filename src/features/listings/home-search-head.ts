import { msg } from '@lingui/core/macro'
import { translate } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import { placeName } from '~/lib/place-names'
import { realtorDisplayName } from '~/lib/realtor-names'
import { seoHead } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import type { PublicRealtor } from '~/schemas/realtor'

/**
 * Title, description, canonical and hreflang of the full home search. Filters and pages share
 * one canonical (the unfiltered search): they are views of one page, not pages of their own.
 */
export function homeSearchHead(realtor: PublicRealtor, lang: Lang, site: SiteContext) {
  const name = realtorDisplayName(realtor, lang)
  const areas = realtor.activityRegion.map((region) => placeName(region.city, region.state, lang, realtor.activityRegion)).join(' · ')
  return seoHead({
    site,
    lang,
    path: `/${realtor.desiredUrl}/homes`,
    title: areas ? translate(lang, msg`Homes in ${areas} | ${name}`) : translate(lang, msg`Homes | ${name}`),
    realtorName: name,
    description: translate(lang, msg`Search the homes for sale and for rent that ${name} covers, with prices, photos and a direct line to your agent.`),
  })
}
