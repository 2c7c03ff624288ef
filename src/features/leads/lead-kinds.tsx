import type { MessageDescriptor } from '@lingui/core'
import type { IconName } from '~/components/icon-paths'
import { LEAD_KIND_LABELS } from '~/schemas/lead-labels'
import { leadKindSchema, type LeadKind } from '~/schemas/leads'

/*
 * How the lead desk shows each kind of lead, in one place: a kind added to `leadKindSchema`
 * (tour requests, seller leads) needs only its entry here to get its badge, its filter option
 * and its CSV cell; the list, stages, follow-ups and notes are the same for every kind. The
 * kind's own details (a message's text, a tour's slots) stay in the kind's own inbox view.
 */

export type LeadKindDisplay = {
  /** The badge and the filter option, e.g. "Message". */
  label: MessageDescriptor
  icon: IconName
  /** The badge's colors, light and dark (AA contrast on both). */
  badgeClass: string
}

export const LEAD_KINDS: Record<LeadKind, LeadKindDisplay> = {
  message: {
    label: LEAD_KIND_LABELS.message,
    icon: 'inbox',
    badgeClass: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  },
  saved_search: {
    label: LEAD_KIND_LABELS.saved_search,
    icon: 'search',
    badgeClass: 'bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100',
  },
  tour: {
    label: LEAD_KIND_LABELS.tour,
    icon: 'eye',
    badgeClass: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  },
  seller: {
    label: LEAD_KIND_LABELS.seller,
    icon: 'tag',
    badgeClass: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  },
}

/** Every kind, in the schema's order (the kind filter's options). */
export const LEAD_KIND_ORDER: ReadonlyArray<LeadKind> = leadKindSchema.options
