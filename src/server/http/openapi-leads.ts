import { z } from 'zod'
import { bearer, errorResponses, jsonContent } from './openapi-parts'
import type { ZodOpenApiPathsObject } from 'zod-openapi'
import { leadTimelineSchema } from '~/schemas/lead-timeline'
import {
  leadItemSchema,
  leadNoteBodySchema,
  leadNoteSchema,
  leadNotesSchema,
  leadPageSchema,
  leadsExportQuerySchema,
  leadsQuerySchema,
  leadUpdateBodySchema,
} from '~/schemas/leads'

/*
 * The lead desk's paths in the OpenAPI document (issue 26 item 6), spread into `openapi.ts`.
 * Its helpers come from openapi-parts.ts.
 */

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
        "Messages, confirmed saved searches, tour requests and seller leads in one list, filtered by `kind`, `stage`, `lang`, `q` (part of a name or an e-mail address, any case) and `nextFollowUp` (`due`: the follow-up day is today or past in the realtor's time zone; `upcoming`: after today; `none`: no day). `sort=nextFollowUp` lists the earliest follow-up day first (leads without one last), `newest` (the default) the newest first. `stageCounts` counts every stage with the other filters. `realtorId` names one realtor (its owner or an admin).",
      tags,
      security: bearer,
      requestParams: { query: leadsQuerySchema },
      responses: {
        '200': { description: 'One page of leads, and the counts of the whole list', ...jsonContent(leadPageSchema.meta({ id: 'LeadPage' })) },
        ...errorResponses(400, 401, 403, 404),
      },
    },
  },
  '/leads/export.csv': {
    get: {
      operationId: 'exportLeadsCsv',
      summary: 'Every lead the filters select as one CSV file (UTF-8 with a BOM)',
      description:
        "The list's filters and order, without paging. One row per lead: what the customer asked in full (a message's text, a tour's requested and confirmed times, a seller's address, home and estimate, a saved search in words), every note with its date, times in ISO 8601 with the realtor's offset, phones in E.164 when valid. Headers and words in `viewerLang`, else the Accept-Language.",
      tags,
      security: bearer,
      requestParams: { query: leadsExportQuerySchema },
      responses: {
        '200': { description: 'The CSV file, as an attachment', content: { 'text/csv': { schema: z.string() } } },
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
  '/leads/{id}/timeline': {
    get: {
      operationId: 'getLeadTimeline',
      summary: 'Everything that happened with a lead, oldest first',
      description: `What the visitor sent (a message, tour times, a home and its estimate, a search's criteria), every mail sent to them with its delivery state (\`queued\`, \`sent\`, \`failed\`: the last attempt failed and it is retried, \`bounced\`), stage and follow-up changes, and notes. Entries are typed by \`type\`. ${notFoundNote}`,
      tags,
      security: bearer,
      requestParams: { path: leadPath },
      responses: { '200': { description: 'The timeline', ...jsonContent(leadTimelineSchema.meta({ id: 'LeadTimeline' })) }, ...errorResponses(401, 404) },
    },
  },
  '/leads/{id}/mails/{mailId}/html': {
    get: {
      operationId: 'getLeadMailHtml',
      summary: 'One mail of the lead exactly as sent, as an HTML document',
      description: `Served with \`Content-Security-Policy: sandbox\` (no scripts, an opaque origin): show it in a sandboxed frame, never inside your own page. A text-only mail comes as its text in a \`<pre>\`. ${notFoundNote}`,
      tags,
      security: bearer,
      requestParams: { path: leadPath.extend({ mailId: z.string() }) },
      responses: { '200': { description: 'The mail', content: { 'text/html': { schema: z.string() } } }, ...errorResponses(401, 404) },
    },
  },
  '/leads/{id}/mails/{mailId}/attachments/{index}': {
    get: {
      operationId: 'getLeadMailAttachment',
      summary: "One file sent with the lead's mail (a tour's `.ics`), as a download",
      description: notFoundNote,
      tags,
      security: bearer,
      requestParams: {
        path: leadPath.extend({ mailId: z.string(), index: z.string().meta({ description: "The file's `index` in the timeline's mail entry" }) }),
      },
      responses: { '200': { description: 'The file, as sent', content: { 'text/calendar': { schema: z.string() } } }, ...errorResponses(400, 401, 404) },
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
