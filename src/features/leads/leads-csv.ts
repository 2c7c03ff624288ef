import type { LeadItem, LeadKind, LeadReplyState, LeadStage } from '~/schemas/leads'
import { csvDate, csvFile, datedCsvFileName } from '~/lib/csv'

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
  return csvFile(leads, [
    [headers.kind, (lead) => labels.kind[lead.kind]],
    [headers.stage, (lead) => labels.stage[lead.stage]],
    [headers.name, (lead) => lead.name ?? ''],
    [headers.email, (lead) => lead.email],
    [headers.phone, (lead) => lead.phone ?? ''],
    [headers.lang, (lead) => labels.lang[lead.lang]],
    [headers.sourcePage, (lead) => lead.sourcePage ?? ''],
    [headers.listing, (lead) => lead.listingKey ?? ''],
    [headers.createdAt, (lead) => formatDate(lead.createdAt)],
    // Already a calendar day a spreadsheet reads as a date.
    [headers.nextFollowUp, (lead) => lead.nextFollowUp ?? ''],
    [headers.replyState, (lead) => labels.replyState[lead.replyState]],
    [headers.notesCount, (lead) => String(lead.notesCount)],
  ])
}

/** `leads-YYYY-MM-DD.csv`, dated in the viewer's time zone. */
export function leadsCsvFileName(now: Date): string {
  return datedCsvFileName('leads', now)
}
