import { msg } from '@lingui/core/macro'
import { serializeJsonLd } from '~/features/homepage/json-ld'
import { translate } from '~/i18n/i18n'
import { VISITOR_CATALOG_META } from '~/i18n/visitor-catalog'
import type { Lang } from '~/lib/lang'
import { placeName } from '~/lib/place-names'
import { marketCityPath, marketPath } from '~/lib/market-paths'
import { realtorDisplayName } from '~/lib/realtor-names'
import { absoluteUrl, seoHead } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import type { MarketReport } from '~/schemas/market'
import type { PublicRealtor } from '~/schemas/realtor'
import { formatPrice } from '~/lib/format'

/*
 * Heads of the market pages (issue 27 item 6): title, description, canonical and hreflang, and on
 * a city's report a schema.org `Dataset`, which is what the page is: monthly figures of one city,
 * with their period, place, measures and maker. Demonstration figures say so in the description.
 */

export function marketListHead(realtor: PublicRealtor, lang: Lang, site: SiteContext) {
  const name = realtorDisplayName(realtor, lang)
  const head = seoHead({
    site,
    lang,
    path: marketPath(realtor.desiredUrl),
    title: translate(lang, msg`Market reports | ${name}`),
    realtorName: name,
    description: translate(lang, msg`Home prices, inventory and the last 12 months of the cities ${name} serves, from the local MLS's listings.`),
  })
  return { meta: [...head.meta, { name: VISITOR_CATALOG_META, content: 'visitor' }], links: head.links }
}

export function marketReportHead(realtor: PublicRealtor, lang: Lang, site: SiteContext, report: MarketReport) {
  const name = realtorDisplayName(realtor, lang)
  const place = placeName(report.city, report.state, lang, realtor.activityRegion)
  const price = report.current.medianListPrice === null ? '—' : formatPrice(report.current.medianListPrice)
  const active = String(report.current.activeCount)
  const description = translate(
    lang,
    msg`${place} housing market: median list price ${price}, ${active} active listings, and the last 12 months of prices and inventory. By ${name}.`,
  )
  const path = marketCityPath(realtor.desiredUrl, report.slug)
  const head = seoHead({ site, lang, path, title: translate(lang, msg`${place} housing market | ${name}`), description, realtorName: name })
  const url = absoluteUrl(site, lang, path)
  const first = report.trend[0]
  const demo = report.isDemo ? ` ${translate(lang, msg`Demonstration data from invented listings.`)}` : ''
  const dataset = {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: translate(lang, msg`${place} monthly housing market figures`),
    description: `${description}${demo}`,
    url,
    inLanguage: lang,
    isAccessibleForFree: true,
    dateModified: report.current.asOf,
    ...(first ? { temporalCoverage: `${first.month}/${report.current.month}` } : {}),
    spatialCoverage: {
      '@type': 'Place',
      name: place,
      address: { '@type': 'PostalAddress', addressLocality: report.city, addressRegion: report.state, addressCountry: 'US' },
    },
    // In the page's language, as the page's own labels are (search engines read it with the page).
    variableMeasured: [
      msg`Median list price`,
      msg`Median price per sq ft`,
      msg`Active listings`,
      msg`New listings, last 30 days`,
      msg`Price reductions, last 30 days`,
      msg`Median days on market`,
      msg`Months of supply`,
    ].map((measure) => translate(lang, measure)),
    creator: { '@type': 'RealEstateAgent', name, url: absoluteUrl(site, lang, `/${realtor.desiredUrl}`) },
    ...(report.source.isDemo ? {} : { sourceOrganization: { '@type': 'Organization', name: report.source.mlsName } }),
  }
  return {
    meta: [...head.meta, { name: VISITOR_CATALOG_META, content: 'visitor' }],
    links: head.links,
    scripts: [{ type: 'application/ld+json', children: serializeJsonLd(dataset) }],
  }
}
