import { z } from 'zod'
import { bearer, errorResponses, jsonContent } from './openapi-parts'
import type { ZodOpenApiPathsObject } from 'zod-openapi'
import {
  createdTourRequestSchema,
  tourConfirmBodySchema,
  tourRequestListQuerySchema,
  tourRequestPageSchema,
  tourRequestSchema,
  tourRequestViewSchema,
} from '~/schemas/tours'

/*
 * The tour requests' paths of the OpenAPI document (issue 26 item 4), spread into it by
 * openapi.ts: a visitor's request (public) and the realtor's list, confirm and cancel.
 */

const tourRequest = tourRequestViewSchema.meta({ id: 'TourRequest' })
const idPath = z.object({ id: z.string().meta({ description: 'The tour request id (its lead id)' }) })

/** The paths, with the document's own error schema (one schema per component id). */
export function tourPaths(): ZodOpenApiPathsObject {
  return {
    '/tour-requests': {
      post: {
        operationId: 'createTourRequest',
        summary: 'Ask a realtor for a tour of a listed home, in person or by video (public)',
        description:
          "Two or three preferred times as dates and times in the home's own time zone (CA: America/Los_Angeles, GA: America/New_York), from tomorrow up to 30 days ahead, 08:00–19:30 on the hour or half hour. `timeZone`, when sent, must be the home's. `consent` must be true. Rate-limited per client. A plain HTML form (`application/x-www-form-urlencoded`, fields `slot1Date`, `slot1Time`, …) is answered with a 303 to a status page.",
        tags: ['Tours'],
        security: [],
        requestBody: jsonContent(tourRequestSchema),
        responses: {
          '201': { description: 'Stored, with its lead', ...jsonContent(createdTourRequestSchema.meta({ id: 'CreatedTourRequest' })) },
          ...errorResponses(400, 404, 413, 415, 429),
        },
      },
      get: {
        operationId: 'listTourRequests',
        summary: "The signed-in realtor's tour requests, newest first, a page at a time (follow `nextCursor`)",
        tags: ['Tours'],
        security: bearer,
        requestParams: { query: tourRequestListQuerySchema },
        responses: {
          '200': { description: 'One page of tour requests', ...jsonContent(tourRequestPageSchema.meta({ id: 'TourRequestPage' })) },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    '/tour-requests/{id}.ics': {
      get: {
        operationId: 'getTourRequestCalendar',
        summary: 'A sent tour request as an iCalendar file, for its visitor (public by its id, which only the sender was given)',
        description:
          "While the request waits: one TENTATIVE event for each time asked for. Once confirmed (or another time proposed): that time, with the invitation's UID and SEQUENCE. A cancelled, declined or unknown request: 404. Names no visitor; never cached.",
        tags: ['Tours'],
        security: [],
        requestParams: { path: idPath, query: z.object({ lang: z.enum(['ko', 'en']).optional() }) },
        responses: {
          '200': { description: 'A VCALENDAR (METHOD:PUBLISH, UTC times)', content: { 'text/calendar': { schema: z.string() } } },
          ...errorResponses(404),
        },
      },
    },
    '/tour-requests/{id}/confirm': {
      post: {
        operationId: 'confirmTourRequest',
        summary: "Confirm one of the visitor's times (`slot`: 0–2) or propose another (`start`); the visitor gets a calendar invitation",
        description:
          'The invitation is an `.ics` file (METHOD:REQUEST) whose UID stays the same for every update of the tour and whose SEQUENCE grows with each. Only the realtor the request was sent to, or an admin; anyone else gets 404.',
        tags: ['Tours'],
        security: bearer,
        requestParams: { path: idPath },
        requestBody: jsonContent(tourConfirmBodySchema),
        responses: { '200': { description: 'Confirmed or proposed', ...jsonContent(tourRequest) }, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    '/tour-requests/{id}/cancel': {
      post: {
        operationId: 'cancelTourRequest',
        summary: "Cancel a tour (the visitor's calendar gets METHOD:CANCEL) or decline a request not yet answered",
        description: 'Idempotent: cancelling again sends nothing. Only the realtor the request was sent to, or an admin; anyone else gets 404.',
        tags: ['Tours'],
        security: bearer,
        requestParams: { path: idPath },
        responses: { '200': { description: 'Cancelled or declined', ...jsonContent(tourRequest) }, ...errorResponses(401, 404) },
      },
    },
  }
}
