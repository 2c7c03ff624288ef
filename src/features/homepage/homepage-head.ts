import { msg } from '@lingui/core/macro'
import { translate } from '~/i18n/i18n'
import { VISITOR_CATALOG_META } from '~/i18n/visitor-catalog'
import type { Lang } from '~/lib/lang'
import { placeName } from '~/lib/place-names'
import { absoluteUrl, seoHead } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import type { PublicRealtor } from '~/schemas/realtor'
import { absoluteAssetUrl } from '~/lib/seo'
import { realtorJsonLd, serializeJsonLd } from './json-ld'
import { firstPhoto } from './photos'
import { realtorDisplayName } from '~/lib/realtor-names'
import { effectiveFontSize } from './theme'

/**
 * Head of a realtor's homepage: seoMeta of the page's language first, sensible fallbacks
 * from the realtor's own data, Open Graph and Twitter with ogImage, the realtor's favicon,
 * canonical and hreflang, and JSON-LD.
 */
export function homepageHead(realtor: PublicRealtor, lang: Lang, site: SiteContext) {
  const name = realtorDisplayName(realtor, lang)
  const seo = realtor.seoMeta[lang]
  const about = (lang === 'ko' ? realtor.aboutMeKr || realtor.aboutMeEn : realtor.aboutMeEn || realtor.aboutMeKr) ?? ''
  const regions = realtor.activityRegion.map((region) => placeName(region.city, region.state, lang, realtor.activityRegion)).join(' · ')
  const description =
    seo.description ||
    (about ? about.replace(/\s+/g, ' ').slice(0, 155) : translate(lang, msg`${name}, realtor in ${regions}. Homes for sale and a direct line to your agent.`))
  const ogImage = firstPhoto(realtor, 'ogImage') ?? firstPhoto(realtor, 'top')
  const favicon = firstPhoto(realtor, 'favicon')
  const path = `/${realtor.desiredUrl}`
  const base = seoHead({
    site,
    lang,
    path,
    title: seo.title || name,
    realtorName: name,
    description,
    image: ogImage ? absoluteAssetUrl(ogImage.url, site.origin) : undefined,
    type: 'profile',
  })
  // seoMeta.title is the full title the realtor chose; don't append the site name to it.
  const meta = base.meta.map((item) => ('title' in item && seo.title ? { title: seo.title } : item))
  meta.push({ name: 'author', content: seo.author || name })
  meta.push({ name: VISITOR_CATALOG_META, content: 'visitor' })
  if (seo.keywords) meta.push({ name: 'keywords', content: seo.keywords })
  // Search consoles look for their token on the homepage, in both languages and on an own domain (decision 015).
  if (realtor.googleSiteVerification) meta.push({ name: 'google-site-verification', content: realtor.googleSiteVerification })
  if (realtor.naverSiteVerification) meta.push({ name: 'naver-site-verification', content: realtor.naverSiteVerification })
  const scale = (effectiveFontSize(realtor.designFontSize) / 16) * 100
  return {
    meta,
    links: [...base.links, ...(favicon ? [{ rel: 'icon', href: favicon.url }] : [])],
    styles: scale === 100 ? [] : [{ children: `html{font-size:${scale}%}` }],
    scripts: [
      {
        type: 'application/ld+json',
        children: serializeJsonLd(realtorJsonLd(realtor, { lang, url: absoluteUrl(site, lang, path), origin: site.origin })),
      },
    ],
  }
}
