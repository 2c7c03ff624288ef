import { createServerFn } from '@tanstack/react-start'
import { leadChangeRequestSchema, leadNoteDeleteRequestSchema, leadNoteRequestSchema, leadsPageRequestSchema, leadTodayRequestSchema } from '~/schemas/leads'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { addLeadNote, deleteLeadNote, listLeadNotes } from '~/server/leads/lead-notes'
import { listLeads, updateLead } from '~/server/leads/leads'
import { leadsForToday } from '~/server/leads/leads-today'
import { readLeadMailHtml, readLeadTimeline } from '~/server/leads/lead-timeline'
import { leadMailRequestSchema, leadTimelineRequestSchema } from '~/schemas/lead-timeline'
import { getServices } from '~/server/process-services'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * The inbox's "Leads" view (issue 26): the signed-in realtor's leads of every kind, their
 * stage, follow-up day and notes. The schemas are those of `GET /leads`, `PATCH /leads/{id}`
 * and the notes' endpoints; the use cases check who may.
 */

/** One page of the signed-in realtor's leads (an admin may name any realtor), summaries in the page's language. */
export const listMyLeads = createServerFn({ method: 'GET' })
  .validator(parseWith(leadsPageRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    const { viewerLang, ...query } = data
    return listLeads(services, await currentActor(services), query, viewerLang)
  })

/** The desk's "Today": due follow-ups, new leads, tours waiting for an answer, judged on the realtor's calendar. */
export const listTodayLeads = createServerFn({ method: 'GET' })
  .validator(parseWith(leadTodayRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return leadsForToday(services, await currentActor(services), data)
  })

/** Moves a lead to a stage and/or sets its next follow-up day. */
export const changeLead = createServerFn({ method: 'POST' })
  .validator(parseWith(leadChangeRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return updateLead(services, await currentActor(services), data.id, data.change, data.viewerLang)
  })

export const listNotesOfLead = createServerFn({ method: 'GET' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return listLeadNotes(services, await currentActor(services), data)
  })

export const addNoteToLead = createServerFn({ method: 'POST' })
  .validator(parseWith(leadNoteRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return addLeadNote(services, await currentActor(services), data.id, { body: data.body })
  })

export const deleteNoteOfLead = createServerFn({ method: 'POST' })
  .validator(parseWith(leadNoteDeleteRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deleteLeadNote(services, await currentActor(services), data)
  })

/** Everything that happened with a lead, oldest first (decision 068). */
export const timelineOfLead = createServerFn({ method: 'GET' })
  .validator(parseWith(leadTimelineRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return readLeadTimeline(services, await currentActor(services), { id: data.id }, data.viewerLang)
  })

/** One mail of a lead as sent; the workspace shows it only in a sandboxed frame. */
export const mailOfLead = createServerFn({ method: 'GET' })
  .validator(parseWith(leadMailRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return { html: await readLeadMailHtml(services, await currentActor(services), data) }
  })
