import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { MailDeliveryState, OutboxMailKind } from '~/schemas/lead-timeline'

/* The timeline's words (decision 068): what each kind of mail is, and where it stands. */

export const MAIL_KIND_LABELS: Record<OutboxMailKind, MessageDescriptor> = {
  'lead-reply': msg`Automatic reply`,
  'tour-confirmed': msg`Tour confirmation`,
  'tour-cancelled': msg`Tour cancellation`,
  'saved-search-confirm': msg`Home alert confirmation request`,
  'saved-search-alert': msg`Home alert`,
  'market-confirm': msg`Market report confirmation request`,
  'market-report': msg`Market report`,
  'lead-digest': msg`Daily digest`,
  'seller-lead': msg`Seller lead notice`,
  cma: msg`Market analysis`,
}

export const MAIL_STATE_LABELS: Record<MailDeliveryState, MessageDescriptor> = {
  queued: msg({ message: 'Queued', context: 'mail delivery state' }),
  sent: msg({ message: 'Sent', context: 'mail delivery state' }),
  failed: msg({ message: 'Failed, will retry', context: 'mail delivery state' }),
  bounced: msg({ message: 'Bounced', context: 'mail delivery state' }),
}

/** Badge colours per state: the state is also said in words, never by colour alone. */
export const MAIL_STATE_CLASSES: Record<MailDeliveryState, string> = {
  queued: 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100',
  sent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  failed: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  bounced: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
}
