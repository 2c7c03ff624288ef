import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { LeadStage } from '~/schemas/leads'
import type { Database } from '~/server/db/schema'

/*
 * A lead's stage and follow-up changes as its timeline shows them (decision 068). Written by the
 * same transaction as the change itself, so the timeline never shows a change that did not
 * happen, nor misses one that did.
 */

type Db = Kysely<Database> | Transaction<Database>

/**
 * Moves a lead to `to` and records the move; nothing happens (and false is answered) when it is
 * at that stage already, or, with `onlyFrom`, at a stage not listed there.
 */
export async function moveLeadStage(
  db: Db,
  lead: { id: string; realtorId: string },
  to: LeadStage,
  at: string,
  onlyFrom?: ReadonlyArray<LeadStage>,
): Promise<boolean> {
  const current = await db.selectFrom('lead').select('stage').where('id', '=', lead.id).executeTakeFirst()
  if (!current || current.stage === to || (onlyFrom && !onlyFrom.includes(current.stage))) return false
  // Only from the stage read: a change made meanwhile by another request is not recorded as from ours.
  const updated = await db
    .updateTable('lead')
    .set({ stage: to, stageChangedAt: at, updatedAt: at })
    .where('id', '=', lead.id)
    .where('stage', '=', current.stage)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return false
  await db
    .insertInto('leadEvent')
    .values({ id: randomUUID(), leadId: lead.id, realtorId: lead.realtorId, type: 'stage', fromValue: current.stage, toValue: to, createdAt: at })
    .execute()
  return true
}

/** Sets (or clears, with null) the lead's next follow-up day and records the change; the same day again records nothing. */
export async function setLeadFollowUp(db: Db, lead: { id: string; realtorId: string }, day: string | null, at: string): Promise<void> {
  const current = await db.selectFrom('lead').select('nextFollowUp').where('id', '=', lead.id).executeTakeFirst()
  if (!current || current.nextFollowUp === day) return
  await db.updateTable('lead').set({ nextFollowUp: day, updatedAt: at }).where('id', '=', lead.id).execute()
  await db
    .insertInto('leadEvent')
    .values({ id: randomUUID(), leadId: lead.id, realtorId: lead.realtorId, type: 'follow_up', fromValue: current.nextFollowUp, toValue: day, createdAt: at })
    .execute()
}
