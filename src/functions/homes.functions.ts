import { createServerFn } from '@tanstack/react-start'
import type { z } from 'zod'
import type { homeListQuerySchema } from '~/schemas/home'
import { isAppError } from '~/server/app-error'
import { getHomeDetail, homePageRequestSchema, listHomes } from '~/server/listings/homes'
import { getServices } from '~/server/services'

type HomeListInput = z.input<typeof homeListQuerySchema>

/*
 * The validators only shape the call: the use cases parse their input with the same zod
 * schema as `GET /cozying-api/v1/home/list`, so the page and the API cannot disagree, and
 * the schema stays out of the browser bundle. The page's search params are sanitised by
 * the route before they get here.
 */

export const getHomeList = createServerFn({ method: 'GET' })
  .validator((data: HomeListInput) => data)
  .handler(async ({ data }) => listHomes(await getServices(), data))

/** A listed home for its detail page, or null so the route can answer a real 404. */
export const getHomeForPage = createServerFn({ method: 'GET' })
  .validator((data: { listingKey: string; desiredUrl: string; lang: 'ko' | 'en' }) => data)
  .handler(async ({ data }) => {
    const request = homePageRequestSchema.safeParse(data)
    if (!request.success) return null
    try {
      return await getHomeDetail(await getServices(), request.data.listingKey, { realtor: request.data.desiredUrl, lang: request.data.lang })
    } catch (error) {
      if (isAppError(error) && error.status === 404) return null
      throw error
    }
  })
