import type { PostTable } from '~/server/db/schema'
import type { AppServices } from '~/server/services'

/*
 * Where a neighbourhood guide sends its reader next (issue 28): the realtor's listings of that
 * area and its market report. The homepage lists homes per activity region (`?region=N`), so
 * a guide links to them when its city is one of the realtor's areas; a city the realtor does
 * not serve has no listings on the site, and no link.
 */

type GuideLinks = { listingsRegion: number | null; marketReportPath: string | null }

export async function guideLinks(services: AppServices, realtorId: string, post: Pick<PostTable, 'kind' | 'city' | 'state'>): Promise<GuideLinks> {
  const { city, state } = post
  if (post.kind !== 'guide' || !city || !state) return { listingsRegion: null, marketReportPath: null }
  const regions = await services.db.selectFrom('activityRegion').select(['city', 'state']).where('realtorId', '=', realtorId).orderBy('sortOrder').execute()
  const index = regions.findIndex((region) => region.state === state && region.city.toLowerCase() === city.toLowerCase())
  // The market report pages (issue 27) are another engineer's; until they exist, no link (decision 030).
  return { listingsRegion: index === -1 ? null : index, marketReportPath: null }
}
