import { marketCitySlug } from '~/lib/market-paths'
import type { PostTable } from '~/server/db/schema'
import type { AppServices } from '~/server/services'

/*
 * Where a neighbourhood guide sends its reader next (issue 28): the realtor's listings of that
 * area and its market report. The homepage lists homes per activity region (`?region=N`), so
 * a guide links to them when its city is one of the realtor's areas; a city the realtor does
 * not serve has no listings on the site, and no link. The market report (issue 27) is linked
 * when that city also has market figures.
 */

type GuideLinks = { listingsRegion: number | null; marketCity: string | null }

export async function guideLinks(services: AppServices, realtorId: string, post: Pick<PostTable, 'kind' | 'city' | 'state'>): Promise<GuideLinks> {
  const { city, state } = post
  if (post.kind !== 'guide' || !city || !state) return { listingsRegion: null, marketCity: null }
  const regions = await services.db
    .selectFrom('activityRegion')
    .select(['city', 'cityKey', 'state'])
    .where('realtorId', '=', realtorId)
    .orderBy('sortOrder')
    .execute()
  const index = regions.findIndex((region) => region.state === state && region.city.toLowerCase() === city.toLowerCase())
  const region = regions[index]
  if (!region) return { listingsRegion: null, marketCity: null }
  const figures = await services.db
    .selectFrom('marketSnapshot')
    .select('city')
    .where('stateOrProvince', '=', region.state)
    .where('cityKey', '=', region.cityKey)
    .limit(1)
    .executeTakeFirst()
  return { listingsRegion: index, marketCity: figures ? marketCitySlug(figures.city, region.state) : null }
}
