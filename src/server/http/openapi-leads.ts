import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'
import { leadItemSchema, leadNoteBodySchema, leadNoteSchema, leadNotesSchema, leadPageSchema, leadsQuerySchema, leadUpdateBodySchema } from '~/schemas/leads'

/*
 * The lead desk's paths in the OpenAPI document (issue 26 item 6), spread into `openapi.ts`.
 * Errors point at the document's one `Error` component by reference: a second zod copy of it
 * under the same id would be refused.
 */

const errorContent = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }

function errorResponses(...statuses: Array<number>) {
  return Object.fromEntries(statuses.map((status) => [String(status), { description: `Error ${status}`, ...errorContent }]))
}

function jsonContent(schema: z.ZodType) {
  return { content: { 'application/json': { schema } } }
}

const bearer = [{ bearerAuth: [] }]
const tags = ['Leads']
const leadPath = z.object({ id: z.string().meta({ description: "The lead's id, unique across kinds (the id of the message, saved search, … it is)" }) })
const notFoundNote = "Another realtor's lead answers 404, whatever the method: its existence is not disclosed."
const leadItemResponse = leadItemSchema.meta({ id: 'Lead' })
const leadNoteResponse = leadNoteSchema.meta({ id: 'LeadNote' })

export const leadsPaths: ZodOpenApiPathsObject = {
  '/leads': {
    get: {
      operationId: 'listLeads',
      summary: "The signed-in realtor's leads of every kind, newest first, a page at a time (follow `nextCursor`)",
      description:
        'Messages, confirmed saved searches, tour requests and seller leads in one list, filtered by `kind`, `stage`, `lang` and `q` (part of a name or an e-mail address, any case). `stageCounts` counts every stage with the other filters. `realtorId` names one realtor (its owner or an admin).',
      tags,
      security: bearer,
      requestParams: { query: leadsQuerySchema },
      responses: {
        '200': { description: 'One page of leads, and the counts of the whole list', ...jsonContent(leadPageSchema.meta({ id: 'LeadPage' })) },
        ...errorResponses(400, 401, 403, 404),
      },
    },
  },
  '/leads/{id}': {
    patch: {
      operationId: 'updateLead',
      summary: "Set a lead's stage, its next follow-up day (`YYYY-MM-DD`, null clears it) and/or the visitor's language",
      description: notFoundNote,
      tags,
      security: bearer,
      requestParams: { path: leadPath },
      requestBody: jsonContent(leadUpdateBodySchema),
      responses: { '200': { description: 'Updated', ...jsonContent(leadItemResponse) }, ...errorResponses(400, 401, 404, 413, 415) },
    },
  },
  '/leads/{id}/notes': {
    get: {
      operationId: 'listLeadNotes',
      summary: "A lead's private notes, newest first",
      description: notFoundNote,
      tags,
      security: bearer,
      requestParams: { path: leadPath },
      responses: { '200': { description: 'The notes', ...jsonContent(leadNotesSchema.meta({ id: 'LeadNotes' })) }, ...errorResponses(401, 404) },
    },
    post: {
      operationId: 'addLeadNote',
      summary: 'Add a private, dated note to a lead (never shown to the visitor)',
      description: notFoundNote,
      tags,
      security: bearer,
      requestParams: { path: leadPath },
      requestBody: jsonContent(leadNoteBodySchema),
      responses: { '201': { description: 'Added', ...jsonContent(leadNoteResponse) }, ...errorResponses(400, 401, 404, 413, 415) },
    },
  },
  '/leads/{id}/notes/{noteId}': {
    delete: {
      operationId: 'deleteLeadNote',
      summary: "Delete one of a lead's notes",
      description: notFoundNote,
      tags,
      security: bearer,
      requestParams: { path: leadPath.extend({ noteId: z.string() }) },
      responses: { '200': { description: 'Deleted', ...jsonContent(z.object({ id: z.string() })) }, ...errorResponses(401, 404) },
    },
  },
}
