import { msg } from '@lingui/core/macro'
import { serializeJsonLd } from '~/features/homepage/json-ld'
import { absoluteAssetUrl } from '~/lib/seo'
import { firstPhoto } from '~/features/homepage/photos'
import { realtorDisplayName } from '~/lib/realtor-names'
import { translate } from '~/i18n/i18n'
import { formatPrice } from '~/lib/format'
import type { Lang } from '~/lib/lang'
import { absoluteUrl, seoHead } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import type { HomeDetail } from '~/schemas/home'
import type { PublicRealtor } from '~/schemas/realtor'
import { homeJsonLd } from './home-json-ld'

/** Title, description, canonical and hreflang, Open Graph with the first photo, and JSON-LD. */
export function homeDetailHead(realtor: PublicRealtor, home: HomeDetail, lang: Lang, site: SiteContext) {
  const name = realtorDisplayName(realtor, lang)
  const address = home.fullAddress
  const price = formatPrice(home.price)
  const path = `/${realtor.desiredUrl}/homes/${encodeURIComponent(home.homeId)}`
  const description = home.publicRemarks
    ? home.publicRemarks.replace(/\s+/g, ' ').slice(0, 155)
    : translate(lang, msg`${address}, ${price}. Ask ${name} about this home.`)
  const image = home.images[0] ?? firstPhoto(realtor, 'ogImage')?.url
  const head = seoHead({
    site,
    lang,
    path,
    title: translate(lang, msg`${address} · ${price} | ${name}`),
    realtorName: name,
    description,
    image: image ? absoluteAssetUrl(image, site.origin) : undefined,
    type: 'article',
  })
  const url = absoluteUrl(site, lang, path)
  return {
    ...head,
    scripts: [
      {
        type: 'application/ld+json',
        children: serializeJsonLd(homeJsonLd(home, { url, origin: site.origin, realtor: { name, url: absoluteUrl(site, lang, `/${realtor.desiredUrl}`) } })),
      },
    ],
  }
}
