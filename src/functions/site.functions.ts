import { createServerFn } from '@tanstack/react-start'
import { latestPostsRequestSchema } from '~/schemas/blog'
import { parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'
import { currentSiteContext } from '~/server/site/site-context'
import { realtorSiteSections } from '~/server/site/site-sections'

export const getSiteContext = createServerFn({ method: 'GET' }).handler(() => currentSiteContext())

/** What a realtor's site header links to beyond its fixed links (issue 51 item 1). */
export const getSiteSections = createServerFn({ method: 'GET' })
  .validator(parseWith(latestPostsRequestSchema))
  .handler(async ({ data }) => realtorSiteSections(await getServices(), data))
