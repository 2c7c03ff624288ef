import type { LeadItem, LeadKind, LeadReplyState, LeadStage } from '~/schemas/leads'
import { csvDate, toCsv, UTF8_BOM } from '~/features/inbox/csv'

/*
 * The lead desk's "Export CSV" (issue 26 item 2): one row per lead of every kind, with its
 * stage, follow-up day, reply state and how many notes it has. Pure, like the inbox's other
 * exports (`src/features/inbox/csv.ts`, whose cell rules and BOM it reuses): the component
 * passes the translated labels.
 */

export type LeadsCsvLabels = {
  headers: {
    kind: string
    stage: string
    name: string
    email: string
    phone: string
    lang: string
    sourcePage: string
    listing: string
    createdAt: string
    nextFollowUp: string
    replyState: string
    notesCount: string
  }
  kind: Record<LeadKind, string>
  stage: Record<LeadStage, string>
  lang: Record<'ko' | 'en', string>
  replyState: Record<LeadReplyState, string>
}

export type CsvLead = Pick<
  LeadItem,
  'kind' | 'stage' | 'name' | 'email' | 'phone' | 'lang' | 'sourcePage' | 'listingKey' | 'createdAt' | 'nextFollowUp' | 'replyState' | 'notesCount'
>

export function leadsCsv(leads: ReadonlyArray<CsvLead>, labels: LeadsCsvLabels, formatDate: (iso: string) => string = csvDate): string {
  const { headers } = labels
  const rows = [
    [
      headers.kind,
      headers.stage,
      headers.name,
      headers.email,
      headers.phone,
      headers.lang,
      headers.sourcePage,
      headers.listing,
      headers.createdAt,
      headers.nextFollowUp,
      headers.replyState,
      headers.notesCount,
    ],
    ...leads.map((lead) => [
      labels.kind[lead.kind],
      labels.stage[lead.stage],
      lead.name ?? '',
      lead.email,
      lead.phone ?? '',
      labels.lang[lead.lang],
      lead.sourcePage ?? '',
      lead.listingKey ?? '',
      formatDate(lead.createdAt),
      // Already a calendar day a spreadsheet reads as a date.
      lead.nextFollowUp ?? '',
      labels.replyState[lead.replyState],
      String(lead.notesCount),
    ]),
  ]
  return UTF8_BOM + toCsv(rows)
}

/** `leads-YYYY-MM-DD.csv`, dated in the viewer's time zone. */
export function leadsCsvFileName(now: Date): string {
  return `leads-${csvDate(now.toISOString()).slice(0, 10)}.csv`
}
