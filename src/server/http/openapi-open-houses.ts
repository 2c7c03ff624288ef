import { z } from 'zod'
import { bearer, errorResponses, jsonContent } from './openapi-parts'
import {
  OPEN_HOUSE_KINDS,
  deletedOpenHouseSchema,
  openHouseInputSchema,
  openHouseListQuerySchema,
  realtorOpenHouseListSchema,
  realtorOpenHouseSchema,
} from '~/schemas/open-houses'

/*
 * The open houses' paths of the OpenAPI document (issue 26 item 5). The listings' own paths
 * (`home/list`, `home/{listingKey}`) carry `openHouses` through their schemas in openapi.ts.
 * Its helpers come from openapi-parts.ts.
 */

export function openHousePaths() {
  const realtorOpenHouse = realtorOpenHouseSchema.meta({ id: 'RealtorOpenHouse' })
  return {
    '/open-houses': {
      get: {
        operationId: 'listOpenHouses',
        tags: ['Open houses'],
        summary: "The upcoming open houses the signed-in realtor added to listings on their site, soonest first (an admin may name any realtor's)",
        security: bearer,
        requestParams: { query: openHouseListQuerySchema },
        responses: {
          '200': { description: 'Upcoming open houses', ...jsonContent(realtorOpenHouseListSchema.meta({ id: 'RealtorOpenHouseList' })) },
          ...errorResponses(400, 401, 404),
        },
      },
      post: {
        operationId: 'createOpenHouse',
        tags: ['Open houses'],
        summary: "Add an open house to a listing shown on the realtor's site; it shows on that realtor's pages only",
        description: `\`date\`, \`startTime\` and \`endTime\` are the listing's local wall clock (California: America/Los_Angeles, Georgia: America/New_York). \`kind\` is one of ${OPEN_HOUSE_KINDS.join(', ')}. A time already past is a field error.`,
        security: bearer,
        requestBody: jsonContent(openHouseInputSchema),
        responses: { '201': { description: 'Added', ...jsonContent(realtorOpenHouse) }, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    '/open-houses/{id}': {
      delete: {
        operationId: 'deleteOpenHouse',
        tags: ['Open houses'],
        summary: "Delete one of the realtor's own open houses (another realtor's, or the MLS's, is 404)",
        security: bearer,
        requestParams: { path: z.object({ id: z.string() }) },
        responses: { '200': { description: 'Deleted', ...jsonContent(deletedOpenHouseSchema) }, ...errorResponses(401, 404) },
      },
    },
    '/open-houses/{id}.ics': {
      get: {
        operationId: 'getOpenHouseCalendar',
        tags: ['Open houses'],
        summary: 'An upcoming open house as an iCalendar file (public; the `calendarUrl` of each item of `openHouses`)',
        security: [],
        requestParams: { path: z.object({ id: z.string() }), query: z.object({ lang: z.enum(['ko', 'en']).optional() }) },
        responses: {
          '200': {
            description: 'A VCALENDAR with one VEVENT (UTC times, a stable UID, the address as LOCATION unless the MLS hides it)',
            content: { 'text/calendar': { schema: z.string() } },
          },
          ...errorResponses(404),
        },
      },
    },
  }
}
