import { z } from 'zod'
import { createDocument } from 'zod-openapi'
import {
  contactMessageSchema,
  contactRequestSchema,
  createdContactSchema,
  deletedMessageSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageStatusBodySchema,
} from '~/schemas/inbox'
import { directoryPageSchema, directoryQuerySchema } from '~/schemas/directory'
import { homeDetailSchema, homeListPageSchema, homeListQuerySchema } from '~/schemas/home'
import { publicRealtorSchema, realtorInputSchema, realtorSchema } from '~/schemas/realtor'
import { tokenRequestSchema, tokenResponseSchema } from '~/server/auth/program-token'
import { translatedErrorBodySchema } from '~/schemas/errors'
import { presignRequestSchema, presignResponseSchema } from '~/schemas/uploads'
import { statisticsSchema } from '~/schemas/statistics'
import {
  createdSavedSearchSchema,
  savedSearchIdSchema,
  savedSearchListQuerySchema,
  savedSearchPageSchema,
  savedSearchPauseBodySchema,
  savedSearchRequestSchema,
  savedSearchSchema,
} from '~/schemas/saved-search'
import { tourPaths } from './openapi-tours'

export const errorBodySchema = translatedErrorBodySchema.meta({ id: 'Error' })

const realtorResponse = realtorSchema.meta({ id: 'Realtor' })
const publicRealtorResponse = publicRealtorSchema.meta({ id: 'PublicRealtor' })
const createdContactResponse = createdContactSchema.meta({ id: 'CreatedContact' })

function jsonContent(schema: z.ZodType) {
  return { content: { 'application/json': { schema } } }
}

function errorResponses(...statuses: Array<number>) {
  return Object.fromEntries(statuses.map((status) => [String(status), { description: `Error ${status}`, ...jsonContent(errorBodySchema) }]))
}

const bearer = [{ bearerAuth: [] }]

let cached: ReturnType<typeof createDocument> | undefined

/** OpenAPI 3.1, generated from the same zod schemas that validate the requests. */
export function buildOpenApiDocument(serverUrl: string) {
  cached ??= createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Realtor homepage API',
        version: '1.0.0',
        description:
          "Realtors, contact messages and photo uploads. A program gets a bearer token from `POST /auth/token` with its account's e-mail and password.",
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      paths: {
        ...tourPaths(errorBodySchema),
        '/auth/token': {
          post: {
            summary: 'A bearer token for a program (any HTTP client): e-mail and password in, token out, no cookie',
            requestBody: jsonContent(tokenRequestSchema),
            responses: { '200': { description: 'Signed in', ...jsonContent(tokenResponseSchema) }, ...errorResponses(400, 401, 413, 415, 429) },
          },
        },
        '/realtor': {
          get: {
            summary: 'The directory of published homepages, filtered by state and city, paged',
            requestParams: { query: directoryQuerySchema },
            responses: {
              '200': { description: 'One page of realtors', ...jsonContent(directoryPageSchema.meta({ id: 'DirectoryPage' })) },
              ...errorResponses(400),
            },
          },
          post: {
            summary: 'Create the realtor of the signed-in account',
            security: bearer,
            requestBody: jsonContent(realtorInputSchema),
            responses: { '201': { description: 'Created', ...jsonContent(realtorResponse) }, ...errorResponses(400, 401, 409, 413, 415) },
          },
        },
        '/realtor/{key}': {
          get: {
            summary: 'A realtor by id, desiredUrl, or URL-encoded own domain',
            requestParams: { path: z.object({ key: z.string() }) },
            responses: {
              '200': { description: 'The realtor as a visitor sees it: no account id or bookkeeping times', ...jsonContent(publicRealtorResponse) },
              ...errorResponses(404),
            },
          },
          patch: {
            summary: 'Change a realtor (owner or admin); photos is the full new list',
            security: bearer,
            requestParams: { path: z.object({ key: z.string().meta({ description: 'The realtor id' }) }) },
            requestBody: jsonContent(z.record(z.string(), z.unknown()).meta({ description: 'Any fields of the realtor form' })),
            responses: { '200': { description: 'Updated', ...jsonContent(realtorResponse) }, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
          },
          delete: {
            summary: 'Delete a realtor and its photos (owner or admin)',
            security: bearer,
            requestParams: { path: z.object({ key: z.string().meta({ description: 'The realtor id' }) }) },
            responses: { '200': { description: 'Deleted', ...jsonContent(z.object({ id: z.string() })) }, ...errorResponses(401, 403, 404) },
          },
        },
        '/realtor/presigned-multi-file-upload': {
          post: {
            summary: 'Upload URLs for photos; PUT each file to its uploadUrl',
            security: bearer,
            requestBody: jsonContent(presignRequestSchema),
            responses: {
              '200': { description: 'One item per file', ...jsonContent(presignResponseSchema) },
              ...errorResponses(400, 401, 413, 415, 429),
            },
          },
        },
        '/realtors/{id}/statistics': {
          get: {
            summary: "A realtor's visitor statistics for the last 30 or 90 days (owner or admin)",
            description:
              "Page views of the homepage and listing pages per UTC day, messages, the top listings and referrers. Counted without cookies; bots and the realtor's own visits are left out. The last minute may still be in memory.",
            security: bearer,
            requestParams: {
              path: z.object({ id: z.string().meta({ description: 'The realtor id' }) }),
              query: z.object({ days: z.enum(['30', '90']).optional().meta({ description: '30 unless 90' }) }),
            },
            responses: {
              '200': { description: 'The statistics', ...jsonContent(statisticsSchema.meta({ id: 'Statistics' })) },
              ...errorResponses(400, 401, 403, 404),
            },
          },
        },
        '/home/list': {
          get: {
            summary: 'Listed homes of one city, filtered and paged (public; spec §7 defaults)',
            description:
              'Paging runs inside a group of the first `totalHomesPerGroup` matches in the chosen order; `hasMoreThanGroup` tells whether more homes match. No listing agent phone or e-mail is ever returned.',
            requestParams: { query: homeListQuerySchema },
            responses: { '200': { description: 'One page of homes', ...jsonContent(homeListPageSchema.meta({ id: 'HomeListPage' })) }, ...errorResponses(400) },
          },
        },
        '/home/{listingKey}': {
          get: {
            summary: 'One listed home by its RESO ListingKey (public)',
            requestParams: {
              path: z.object({ listingKey: z.string() }),
              query: z.object({ realtor: z.string().optional(), lang: z.enum(['ko', 'en']).optional() }),
            },
            responses: { '200': { description: 'The home', ...jsonContent(homeDetailSchema.meta({ id: 'HomeDetail' })) }, ...errorResponses(404) },
          },
        },
        '/realtor-contacts': {
          post: {
            summary: 'Send a message to a realtor (public)',
            requestBody: jsonContent(contactRequestSchema),
            responses: { '201': { description: 'Stored', ...jsonContent(createdContactResponse) }, ...errorResponses(400, 404, 413, 415, 429) },
          },
          get: {
            summary: "The signed-in realtor's messages, newest first, a page at a time (follow `nextCursor`)",
            security: bearer,
            requestParams: { query: messageListQuerySchema },
            responses: {
              '200': {
                description: 'One page of messages, and the counts of the whole list',
                ...jsonContent(messagePageSchema.meta({ id: 'ContactPage' })),
              },
              ...errorResponses(400, 401, 403, 404),
            },
          },
        },
        '/realtor-contacts/{id}': {
          patch: {
            summary: 'Mark a message new, read or handled',
            security: bearer,
            requestParams: { path: z.object({ id: z.string() }) },
            requestBody: jsonContent(messageStatusBodySchema),
            responses: { '200': { description: 'Updated', ...jsonContent(contactMessageSchema) }, ...errorResponses(400, 401, 403, 404, 413, 415) },
          },
          delete: {
            summary: 'Delete a message completely, with its delivery state (the realtor it was sent to, or an admin)',
            description: "A visitor's request to delete their data reaches the realtor, who deletes the message here. Anyone else gets 404.",
            security: bearer,
            requestParams: { path: z.object({ id: z.string() }) },
            responses: { '200': { description: 'Deleted', ...jsonContent(deletedMessageSchema) }, ...errorResponses(401, 404) },
          },
        },
        '/saved-searches': {
          post: {
            summary: "Save a search on a realtor's site and get new-listing e-mails (public)",
            description:
              'Stored as pending; one confirmation e-mail goes to the address, and nothing else is sent until its link is confirmed. The answer is the same for a new, an already saved or a refused search. Rate-limited per client and per e-mail address. A plain HTML form (`application/x-www-form-urlencoded`) is answered with a 303 to a status page.',
            requestBody: jsonContent(savedSearchRequestSchema),
            responses: {
              '202': { description: 'Accepted; waiting for confirmation', ...jsonContent(createdSavedSearchSchema.meta({ id: 'CreatedSavedSearch' })) },
              ...errorResponses(400, 404, 413, 415, 429),
            },
          },
          get: {
            summary: "The signed-in realtor's confirmed saved searches, newest first, a page at a time (follow `nextCursor`)",
            security: bearer,
            requestParams: { query: savedSearchListQuerySchema },
            responses: {
              '200': { description: 'One page of saved searches', ...jsonContent(savedSearchPageSchema.meta({ id: 'SavedSearchPage' })) },
              ...errorResponses(400, 401, 403, 404),
            },
          },
        },
        '/saved-searches/unsubscribe': {
          post: {
            summary: 'One-click unsubscribe (RFC 8058), the address in every alert e-mail',
            description: 'Mail providers post `List-Unsubscribe=One-Click` as a form; the signed token is the authority. Idempotent.',
            requestParams: { query: z.object({ token: z.string() }) },
            responses: {
              '200': { description: 'Unsubscribed', ...jsonContent(z.object({ status: z.literal('unsubscribed') })) },
              ...errorResponses(400),
            },
          },
        },
        '/saved-searches/{id}': {
          patch: {
            summary: 'Pause or resume a saved search (its realtor or an admin)',
            security: bearer,
            requestParams: { path: savedSearchIdSchema },
            requestBody: jsonContent(savedSearchPauseBodySchema),
            responses: {
              '200': { description: 'Updated', ...jsonContent(savedSearchSchema.meta({ id: 'SavedSearch' })) },
              ...errorResponses(400, 401, 404, 409, 413, 415),
            },
          },
          delete: {
            summary: 'Delete a saved search (its realtor or an admin; anyone else gets 404)',
            security: bearer,
            requestParams: { path: savedSearchIdSchema },
            responses: { '200': { description: 'Deleted', ...jsonContent(z.object({ id: z.string() })) }, ...errorResponses(401, 404) },
          },
        },
      },
    },
    { allowEmptySchema: { custom: true } },
  )
  return { ...cached, servers: [{ url: `${serverUrl}/cozying-api/v1` }] }
}
