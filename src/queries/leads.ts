import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { listMyLeads, listNotesOfLead, listTodayLeads, mailOfLead, timelineOfLead } from '~/functions/leads.functions'
import type { LeadFollowUpFilter, LeadKind, LeadSort, LeadStage } from '~/schemas/leads'
import { inboxKeys } from './inbox'

/**
 * The lead desk's lists, under the realtor's inbox key: deleting a message or a saved search
 * (which invalidates the inbox) refreshes the leads too.
 */
export const leadKeys = {
  all: (realtorId: string) => [...inboxKeys.realtor(realtorId), 'leads'] as const,
  list: (realtorId: string) => [...leadKeys.all(realtorId), 'list'] as const,
  today: (realtorId: string) => [...leadKeys.all(realtorId), 'today'] as const,
  notes: (realtorId: string, leadId: string) => [...leadKeys.all(realtorId), 'notes', leadId] as const,
  timeline: (realtorId: string, leadId: string) => [...leadKeys.all(realtorId), 'timeline', leadId] as const,
}

export type LeadFilters = { kind?: LeadKind; stage?: LeadStage; lang?: 'ko' | 'en'; q?: string; nextFollowUp?: LeadFollowUpFilter; sort?: LeadSort }

/** The desk's list with its filters, a page at a time (follow `nextCursor`). */
export function leadsQuery(realtorId: string, filters: LeadFilters, options: { limit: number; viewerLang: 'ko' | 'en' }) {
  return infiniteQueryOptions({
    queryKey: [...leadKeys.list(realtorId), filters, options],
    // The first page has no cursor; '' stands for it, since a page param cannot be undefined.
    queryFn: ({ pageParam }) =>
      listMyLeads({ data: { realtorId, ...filters, limit: options.limit, viewerLang: options.viewerLang, cursor: pageParam === '' ? undefined : pageParam } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** The desk's "Today" of the realtor, its words in the page's language. */
export function todayLeadsQuery(realtorId: string, viewerLang: 'ko' | 'en') {
  return queryOptions({
    queryKey: [...leadKeys.today(realtorId), viewerLang],
    queryFn: () => listTodayLeads({ data: { realtorId, viewerLang } }),
  })
}

/** A lead's private notes, newest first. */
export function leadNotesQuery(realtorId: string, leadId: string) {
  return queryOptions({
    queryKey: leadKeys.notes(realtorId, leadId),
    queryFn: () => listNotesOfLead({ data: { id: leadId } }),
  })
}

/** Everything that happened with a lead, oldest first; refreshed with the lead's notes and list (same key prefix). */
export function leadTimelineQuery(realtorId: string, leadId: string, viewerLang: 'ko' | 'en') {
  return queryOptions({
    queryKey: [...leadKeys.timeline(realtorId, leadId), viewerLang],
    queryFn: () => timelineOfLead({ data: { id: leadId, viewerLang } }),
  })
}

/** One mail of a lead as sent (its HTML), asked for when the realtor opens it; it never changes. */
export function leadMailQuery(leadId: string, mailId: string) {
  return queryOptions({
    queryKey: ['lead-mail', leadId, mailId],
    queryFn: () => mailOfLead({ data: { id: leadId, mailId } }),
    staleTime: Infinity,
  })
}
