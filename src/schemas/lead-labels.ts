import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { leadStageSchema, type LeadKind, type LeadReplyState, type LeadStage } from './leads'

/*
 * The lead desk's words, shared by the desk and the server's CSV: the kinds, the stages in
 * their order and the instant reply's states.
 */

export const LEAD_KIND_LABELS: Record<LeadKind, MessageDescriptor> = {
  message: msg`Message`,
  saved_search: msg`Saved search`,
  tour: msg`Tour request`,
  seller: msg`Seller lead`,
}

export const LEAD_STAGE_ORDER: ReadonlyArray<LeadStage> = leadStageSchema.options

export const LEAD_STAGE_LABELS: Record<LeadStage, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'lead stage' }),
  contacted: msg`Contacted`,
  appointment: msg`Appointment`,
  client: msg`Client`,
  closed: msg`Closed`,
  archived: msg`Archived`,
}

export const LEAD_REPLY_LABELS: Record<LeadReplyState, MessageDescriptor> = {
  none: msg`No automatic reply`,
  pending: msg`Automatic reply waiting`,
  sent: msg`Automatic reply sent`,
  skipped: msg`Automatic reply not sent`,
}
