import type { Lang } from '~/lib/lang'
import type { SiteSections } from '~/lib/site-nav'
import { latestPosts } from '~/server/blog/blog-pages'
import { realtorMarketCities } from '~/server/market/market-reports'
import type { AppServices } from '~/server/services'

/**
 * Whether a realtor's site header links to market reports and the blog (issue 51 item 1). Read
 * through the same use cases the market and blog pages use, which name what they read for the
 * page store (decision 009): a first post or a city's first figures is seen on every stored page.
 */
export async function realtorSiteSections(services: AppServices, request: { desiredUrl: string; lang: Lang }): Promise<SiteSections> {
  const [cities, posts] = await Promise.all([realtorMarketCities(services, request.desiredUrl), latestPosts(services, request)])
  return { market: (cities?.length ?? 0) > 0, blog: posts.length > 0 }
}
