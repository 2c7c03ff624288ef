import { randomUUID } from 'node:crypto'
import { leadNoteBodySchema, leadNoteDeleteRequestSchema, type LeadNote, type LeadNotes } from '~/schemas/leads'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import type { AppServices } from '~/server/services'
import { managedLead } from './leads'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * The realtor's private notes on a lead (issue 26 item 2): dated, newest first, never shown
 * to the visitor, gone with the lead. Only the lead's realtor (or an admin) sees or writes
 * them; to anyone else the lead does not exist (404).
 */

export async function listLeadNotes(services: AppServices, actor: Actor | null, input: unknown): Promise<LeadNotes> {
  const lead = await managedLead(services, actor, parseInput(recordIdRequestSchema, input).id)
  const notes = await services.db
    .selectFrom('leadNote')
    .select(['id', 'leadId', 'body', 'createdAt'])
    .where('leadId', '=', lead.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return { notes }
}

export async function addLeadNote(services: AppServices, actor: Actor | null, id: string, body: unknown): Promise<LeadNote> {
  const lead = await managedLead(services, actor, parseInput(recordIdRequestSchema, { id }).id)
  const { body: text } = parseInput(leadNoteBodySchema, body)
  const note = { id: randomUUID(), leadId: lead.id, body: text, createdAt: services.now().toISOString() }
  await services.db
    .insertInto('leadNote')
    .values({ ...note, realtorId: lead.realtorId })
    .execute()
  return note
}

/** Deletes one note of the lead; a note of another lead is not found, as the lead of another realtor. */
export async function deleteLeadNote(services: AppServices, actor: Actor | null, input: unknown): Promise<{ id: string }> {
  const { id, noteId } = parseInput(leadNoteDeleteRequestSchema, input)
  const lead = await managedLead(services, actor, id)
  const deleted = await services.db.deleteFrom('leadNote').where('id', '=', noteId).where('leadId', '=', lead.id).executeTakeFirst()
  if (Number(deleted.numDeletedRows) === 0) throw errors.notFound()
  return { id: noteId }
}
