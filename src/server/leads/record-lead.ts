import type { Kysely } from 'kysely'
import type { Lang } from '~/lib/lang'
import type { LeadKind, LeadReplyState } from '~/schemas/leads'
import type { Database } from '~/server/db/schema'

/*
 * Every kind of lead feeds one table (migration 0013, decision 020). A kind's use case stores
 * its own row and calls `recordLead` with the same id in the same transaction, so a lead is
 * never half-written: the inbox, the stages, notes, follow-ups, the instant reply and the
 * digest all read `lead`, whatever the kind.
 */

export type NewLead = {
  /** The id of the kind's own row (`contact_message.id`, `saved_search.id`, …). */
  id: string
  realtorId: string
  kind: LeadKind
  name: string | null
  email: string
  phone?: string | null
  lang: Lang
  sourcePage?: string | null
  listingKey?: string | null
  /** `pending` when an instant reply is to be sent, `none` for kinds that get none. */
  replyState: LeadReplyState
  at: string
}

export async function recordLead(db: Kysely<Database>, lead: NewLead): Promise<void> {
  await db
    .insertInto('lead')
    .values({
      id: lead.id,
      realtorId: lead.realtorId,
      kind: lead.kind,
      name: lead.name,
      email: lead.email,
      emailKey: lead.email.trim().toLowerCase(),
      phone: lead.phone === undefined || lead.phone === '' ? null : lead.phone,
      lang: lead.lang,
      sourcePage: lead.sourcePage ?? null,
      listingKey: lead.listingKey ?? null,
      stage: 'new',
      stageChangedAt: lead.at,
      nextFollowUp: null,
      replyState: lead.replyState,
      replySentAt: null,
      replySkipReason: null,
      createdAt: lead.at,
      updatedAt: lead.at,
    })
    // A kind's row recorded twice (a retried confirmation) is still one lead.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
}

/** A kind's row is being deleted: its lead and notes go with it, in the same transaction. */
export async function forgetLead(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('lead').where('id', '=', id).execute()
}
