import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import { buttonClass, ErrorAlert } from '~/components/ui'
import { LeadListEmpty, LeadListLoading, listLoadFailure } from '~/features/inbox/lead-list'
import { dateTimeFormat } from '~/lib/date-time-format'
import { langParam, LOCALE_TAG } from '~/lib/lang'
import { todayLeadsQuery } from '~/queries/leads'
import type { LeadItem as Lead, LeadTodaySection } from '~/schemas/leads'
import { LeadItem } from './lead-item'
import { useLeadChanges } from './use-lead-changes'
import type { WorkspacePanelProps } from '~/features/editor/workspace-panel'

/** How many leads wait in "Today", for the tab's count: every part's whole total. */
export function todayCount(today: { due: LeadTodaySection; fresh: LeadTodaySection; tours: LeadTodaySection }): number {
  return today.due.total + today.fresh.total + today.tours.total
}

function TodaySection({
  testId,
  title,
  section,
  more,
  renderLead,
}: {
  testId: string
  title: ReactNode
  section: LeadTodaySection
  more: ReactNode
  renderLead: (lead: Lead) => ReactNode
}) {
  const headingId = useId()
  if (section.total === 0) return null
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid={testId}>
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-stone-900 dark:text-stone-50">
        {title}
        <span
          className="rounded-full bg-stone-200 px-2 text-sm tabular-nums text-stone-900 dark:bg-stone-700 dark:text-stone-50"
          data-testid={`${testId}-count`}
        >
          {section.total}
        </span>
      </h3>
      <ul className="grid gap-3">{section.leads.map(renderLead)}</ul>
      {section.total > section.leads.length ? more : null}
    </section>
  )
}

/**
 * The desk's first view, "Today" (issue 52 item 1, decision 067): who to call today. Follow-ups
 * whose day has come on the realtor's calendar (the oldest first), new leads no one has
 * contacted, and tour requests waiting for an answer, each lead once, each part with its
 * count. Changes are made in place as in "All leads"; a lead dealt with leaves the list.
 */
export function TodayPanel({ realtorId, desiredUrl, lang }: WorkspacePanelProps) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const query = useQuery({ ...todayLeadsQuery(realtorId, lang), staleTime: 30_000, retry: false })
  const itemProps = useLeadChanges(realtorId, lang)
  const failure = listLoadFailure(query, (id) => i18n._(id), t`Your leads could not be loaded. Check your connection and try again.`)
  const today = query.data
  const total = today ? todayCount(today) : 0
  // The realtor's date, as the server judged it: a calendar day, formatted as the day it names.
  const day = today ? dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${today.today}T00:00:00Z`)) : null
  const allLeads = (
    <Link
      to="/{-$lang}/$desiredUrl/admin"
      params={{ lang: langParam(lang), desiredUrl }}
      search={{ tab: 'messages', view: 'leads' }}
      className={`${buttonClass('secondary', 'md')} justify-self-start`}
      data-testid="today-all-leads"
    >
      <Trans>See all leads</Trans>
    </Link>
  )
  const renderLead = (lead: Lead) => <LeadItem key={lead.id} {...itemProps(lead)} />

  return (
    <section aria-labelledby={headingId} data-testid="today-panel">
      <div className="mb-5">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
          <Trans>Today</Trans>
        </h2>
        {today ? (
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300" data-testid="today-summary">
            {day} · <Plural value={total} one="# lead waiting" other="# leads waiting" />
          </p>
        ) : null}
      </div>
      <ErrorAlert testId="today-error" message={failure.message} onRetry={failure.retry} />
      {query.isPending ? (
        <LeadListLoading label={<Trans>Loading leads…</Trans>} />
      ) : today && total === 0 ? (
        <div className="grid gap-4">
          <LeadListEmpty
            testId="today-empty"
            title={<Trans>Nothing waits for you today</Trans>}
            text={<Trans>No follow-up is due, every new lead has been contacted and every tour request answered.</Trans>}
          />
          {allLeads}
        </div>
      ) : today ? (
        <div className="grid gap-8">
          <TodaySection testId="today-due" title={<Trans>Follow-ups due</Trans>} section={today.due} more={allLeads} renderLead={renderLead} />
          <TodaySection testId="today-fresh" title={<Trans>New leads to contact</Trans>} section={today.fresh} more={allLeads} renderLead={renderLead} />
          <TodaySection
            testId="today-tours"
            title={<Trans>Tours waiting for your answer</Trans>}
            section={today.tours}
            more={allLeads}
            renderLead={renderLead}
          />
        </div>
      ) : null}
    </section>
  )
}
