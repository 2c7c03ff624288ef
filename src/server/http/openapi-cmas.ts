import { z } from 'zod'
import { bearer, errorResponses, jsonContent } from './openapi-parts'
import {
  cmaCreateSchema,
  cmaListQuerySchema,
  cmaListSchema,
  cmaPatchSchema,
  cmaPdfQuerySchema,
  cmaSchema,
  cmaSendRequestSchema,
  cmaSentSchema,
  cmaShareRequestSchema,
  cmaShareSchema,
} from '~/schemas/cma/cma'

/*
 * The CMAs' paths of the OpenAPI document (issue 53 part 2, decision 074). Its helpers come
 * from openapi-parts.ts.
 */

const TAG = 'Market analyses'
export const CMAS_TAG = {
  name: TAG,
  description:
    "A realtor's comparative market analyses (CMA) for a seller: comparables, adjustments, a recommended range, a PDF, a share link, sent to the seller lead",
}

export function cmaPaths() {
  const cma = cmaSchema.meta({ id: 'Cma' })
  const path = { path: z.object({ id: z.string() }) }
  const owner = "Only the realtor's owner (or a platform admin): another realtor's CMA is 404 for every method."
  return {
    '/cmas': {
      get: {
        operationId: 'listCmas',
        tags: [TAG],
        security: bearer,
        summary: "A realtor's CMAs, the latest changed first, without their comparables",
        requestParams: { query: cmaListQuerySchema },
        responses: { '200': { description: 'The CMAs', ...jsonContent(cmaListSchema.meta({ id: 'CmaList' })) }, ...errorResponses(400, 401, 404) },
      },
      post: {
        operationId: 'createCma',
        tags: [TAG],
        security: bearer,
        summary: 'Start a CMA for a home: `subject` takes the inputs of `POST /valuations`; `leadId` names the seller lead it is for',
        description: `The comparables are the estimator's best twelve by match (distance, size, rooms, age, recency; sales before asking prices), the best six picked; each comes with the estimator's adjustments in its grid (\`market\` first: its price brought to today by the city's monthly trend, or an asking price to what homes there sell for; then size, beds, baths, age, lot) and its adjusted price (its own price + every line), the estimator's own. A comparable whose MLS withholds its address has \`address\`, \`postalCode\` and \`distanceMiles\` null. ${owner}`,
        requestBody: jsonContent(cmaCreateSchema),
        responses: { '201': { description: 'The CMA', ...jsonContent(cma) }, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    '/cmas/{id}': {
      get: {
        operationId: 'getCma',
        tags: [TAG],
        security: bearer,
        summary: 'One CMA with every candidate comparable, best match first',
        description: owner,
        requestParams: path,
        responses: { '200': { description: 'The CMA', ...jsonContent(cma) }, ...errorResponses(401, 404) },
      },
      patch: {
        operationId: 'updateCma',
        tags: [TAG],
        security: bearer,
        summary: 'Pick or unpick comparables, change lines of their grids, set the recommended range and the note',
        description: `Only what is given changes; a grid's lines not given keep their amounts. Adjusted prices are computed by the server from the grid. A new \`subject\` chooses the comparables again. ${owner}`,
        requestParams: path,
        requestBody: jsonContent(cmaPatchSchema),
        responses: { '200': { description: 'The CMA as stored', ...jsonContent(cma) }, ...errorResponses(400, 401, 404, 413, 415) },
      },
      delete: {
        operationId: 'deleteCma',
        tags: [TAG],
        security: bearer,
        summary: 'Delete a CMA with its comparables and share links',
        description: owner,
        requestParams: path,
        responses: { '200': { description: 'Deleted', ...jsonContent(z.object({ id: z.string() }).meta({ id: 'DeletedCma' })) }, ...errorResponses(401, 404) },
      },
    },
    '/cmas/{id}.pdf': {
      get: {
        operationId: 'getCmaPdf',
        tags: [TAG],
        security: bearer,
        summary: 'The CMA as a branded PDF report in Korean or English, on Letter or A4 paper',
        description: `The picked comparables with their photos and adjustments, the city's last 12 months, the recommended range and how it was reached, the realtor's licence and brokerage, the MLS disclaimer and the equal-housing line. ${owner}`,
        requestParams: { path: path.path, query: cmaPdfQuerySchema },
        responses: {
          '200': { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    '/cmas/{id}/share': {
      post: {
        operationId: 'shareCma',
        tags: [TAG],
        security: bearer,
        summary: 'A share link for the seller (`/{desiredUrl}/cma/{token}`, `/en/…` in English), with an optional expiry; an earlier link stops working',
        description: owner,
        requestParams: path,
        requestBody: jsonContent(cmaShareRequestSchema),
        responses: { '201': { description: 'The link', ...jsonContent(cmaShareSchema.meta({ id: 'CmaShare' })) }, ...errorResponses(400, 401, 404, 413, 415) },
      },
      delete: {
        operationId: 'revokeCmaShare',
        tags: [TAG],
        security: bearer,
        summary: 'Stop sharing: the link answers 404 from now on',
        description: owner,
        requestParams: path,
        responses: {
          '200': { description: 'Revoked', ...jsonContent(z.object({ id: z.string(), revoked: z.boolean() }).meta({ id: 'RevokedCmaShare' })) },
          ...errorResponses(401, 404),
        },
      },
    },
    '/cmas/{id}/send': {
      post: {
        operationId: 'sendCma',
        tags: [TAG],
        security: bearer,
        summary: "Mail the share link to the CMA's seller lead, in the lead's language unless `lang` is given; shown on the lead's timeline",
        description: `Shares the CMA first when it has no live link. 409 when the CMA names no lead, or when mail to the lead's address bounced. ${owner}`,
        requestParams: path,
        requestBody: jsonContent(cmaSendRequestSchema),
        responses: {
          '200': { description: 'Queued (and sent when a mail server is set)', ...jsonContent(cmaSentSchema.meta({ id: 'CmaSent' })) },
          ...errorResponses(400, 401, 404, 409, 413, 415),
        },
      },
    },
  }
}
