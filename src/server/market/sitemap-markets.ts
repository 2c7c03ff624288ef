import { marketCityPath, marketCitySlug, marketPath } from '~/lib/market-paths'
import { dependsOn } from '~/server/pages/page-dependencies'
import type { AppServices } from '~/server/services'

/*
 * The sitemap's share of the market reports (issue 27 item 6): each realtor's list of cities and
 * each city of their region with figures, in both languages, dated by the latest snapshot.
 */

type SitemapMarketPage = { path: string; lastmod: string }

export async function sitemapMarkets(services: AppServices, ownDomainDesiredUrl?: string): Promise<Array<SitemapMarketPage>> {
  dependsOn('realtors')
  dependsOn('listings')
  let query = services.db
    .selectFrom('realtor')
    .innerJoin('activityRegion', 'activityRegion.realtorId', 'realtor.id')
    .innerJoin('marketSnapshot', (join) =>
      join.onRef('marketSnapshot.stateOrProvince', '=', 'activityRegion.state').onRef('marketSnapshot.cityKey', '=', 'activityRegion.cityKey'),
    )
    .select([
      'realtor.desiredUrl',
      'marketSnapshot.stateOrProvince',
      'marketSnapshot.cityKey',
      (eb) => eb.fn.max('marketSnapshot.city').as('city'),
      (eb) => eb.fn.max('marketSnapshot.asOf').as('asOf'),
    ])
    .where('realtor.isMakeHomepage', '=', 'Y')
    .groupBy(['realtor.desiredUrl', 'marketSnapshot.stateOrProvince', 'marketSnapshot.cityKey'])
  if (ownDomainDesiredUrl) query = query.where('realtor.desiredUrlKey', '=', ownDomainDesiredUrl.toLowerCase())
  const rows = await query.orderBy('realtor.desiredUrl').orderBy('marketSnapshot.cityKey').limit(40_000).execute()
  const newestByRealtor = new Map<string, string>()
  const cities = rows.map((row) => {
    const lastmod = row.asOf.slice(0, 10)
    const newest = newestByRealtor.get(row.desiredUrl)
    if (!newest || lastmod > newest) newestByRealtor.set(row.desiredUrl, lastmod)
    return { path: marketCityPath(row.desiredUrl, marketCitySlug(row.city, row.stateOrProvince)), lastmod }
  })
  const lists = [...newestByRealtor].map(([desiredUrl, lastmod]) => ({ path: marketPath(desiredUrl), lastmod }))
  return [...lists, ...cities]
}
