import { createServerFn } from '@tanstack/react-start'
import { homeListQuerySchema, homePageRequestSchema, similarHomesRequestSchema } from '~/schemas/home'
import { parseWith } from '~/server/http/server-fn'
import { getHomeDetail, listHomesFor } from '~/server/listings/homes'
import { getServices } from '~/server/process-services'
import { similarHomes } from '~/server/listings/similar-homes'

/*
 * The same schema as `GET /cozying-api/v1/home/list`, so the page and the API cannot
 * disagree. The page's search params are sanitised by the route before they get here.
 */

export const getHomeList = createServerFn({ method: 'GET' })
  .validator(parseWith(homeListQuerySchema))
  .handler(async ({ data }) => listHomesFor(await getServices(), data))

/** A listed home for its detail page; NOT_FOUND when it is gone, which the route answers with a real 404. */
export const getHomeForPage = createServerFn({ method: 'GET' })
  .validator(parseWith(homePageRequestSchema))
  .handler(async ({ data }) => getHomeDetail(await getServices(), data.listingKey, { realtor: data.desiredUrl, lang: data.lang }))

/** Homes like a listing that is gone, for the page that says so (issue 51 item 2). */
export const getSimilarHomes = createServerFn({ method: 'GET' })
  .validator(parseWith(similarHomesRequestSchema))
  .handler(async ({ data }) => similarHomes(await getServices(), data))
