import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { inputClass } from '~/components/form/inputs'
import { Button, buttonClass, Icon } from '~/components/ui'
import { CsvExportLink, leadCsvPath } from '~/features/inbox/csv-export-link'
import { LeadListPanel, useLeadList } from '~/features/inbox/lead-list'
import type { Lang } from '~/lib/lang'
import { LEAD_STAGE_LABELS, LEAD_STAGE_ORDER } from '~/schemas/lead-labels'
import { leadsQuery, type LeadFilters } from '~/queries/leads'
import { leadFollowUpFilterSchema, leadKindSchema, leadSortSchema } from '~/schemas/leads'
import { LeadItem } from './lead-item'
import { LEAD_KIND_ORDER, LEAD_KINDS } from './lead-kinds'
import { useLeadChanges } from './use-lead-changes'

/** Leads per page of the desk. */
const LEADS_PAGE_SIZE = 50

/**
 * The lead desk's "All leads" (issue 26 item 2, issue 52): every lead of the realtor, whatever
 * its kind, newest first or by follow-up day; counts per stage that also filter, filters by
 * kind, language and follow-up, a search over names and e-mail addresses, "show older", the
 * server's CSV of what the filters select, and in each lead its stage, next follow-up day and
 * private notes. On a phone the filters fold away under "Filters", so the first lead is in view.
 */
export function LeadsPanel({ realtorId, lang }: { realtorId: string; lang: Lang }) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const kindId = useId()
  const langId = useId()
  const followUpId = useId()
  const sortId = useId()
  const searchId = useId()
  const [filters, setFilters] = useState<LeadFilters>({})
  const [searchText, setSearchText] = useState('')
  const itemProps = useLeadChanges(realtorId, lang)

  const listQuery = leadsQuery(realtorId, filters, { limit: LEADS_PAGE_SIZE, viewerLang: lang })
  const leadsList = useInfiniteQuery({ ...listQuery, staleTime: 30_000, retry: false })

  const list = useLeadList(leadsList, (page) => page.leads, t`Your leads could not be loaded. Check your connection and try again.`)
  const { first, rows: leads } = list
  const filtered =
    filters.kind !== undefined || filters.lang !== undefined || filters.q !== undefined || filters.stage !== undefined || filters.nextFollowUp !== undefined
  const allCount = first ? LEAD_STAGE_ORDER.reduce((sum, stage) => sum + first.stageCounts[stage], 0) : 0

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const q = searchText.trim()
    setFilters((current) => ({ ...current, q: q === '' ? undefined : q }))
  }

  const stageButtonClass =
    'inline-flex min-h-11 items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:border-stone-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-pressed:border-stone-900 aria-pressed:bg-stone-900 aria-pressed:text-white dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:focus-visible:outline-stone-100 dark:aria-pressed:border-stone-100 dark:aria-pressed:bg-stone-100 dark:aria-pressed:text-stone-900'
  const labelClass = 'mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200'

  return (
    <LeadListPanel
      testId="leads"
      headingId={headingId}
      heading={<Trans>All leads</Trans>}
      summary={<Plural value={first?.total ?? 0} one="# lead" other="# leads" />}
      exportButton={<CsvExportLink href={leadCsvPath('leads', realtorId, lang, filters)} hasRows={leads.length > 0} testId="leads-export" />}
      list={list}
      words={{
        loading: <Trans>Loading leads…</Trans>,
        emptyTitle: filtered ? <Trans>No leads match these filters</Trans> : <Trans>No leads yet</Trans>,
        emptyText: filtered ? (
          <Trans>Choose another stage, kind or language, or search for something else.</Trans>
        ) : (
          <Trans>Messages, saved searches and other requests from your homepage appear here, each with its stage and notes.</Trans>
        ),
        more: <Trans>Show older leads</Trans>,
      }}
      filters={
        // Folded on a phone (the first lead comes before a screen of controls), always open from 640 px.
        <details className="group mb-5 sm:[&::details-content]:[content-visibility:visible]" data-testid="leads-filters">
          <summary
            className={`${buttonClass('secondary', 'md')} cursor-pointer list-none sm:hidden [&::-webkit-details-marker]:hidden`}
            data-testid="leads-filters-toggle"
          >
            <Trans>Filters</Trans>
            {filtered ? (
              <span className="rounded-full bg-stone-900 px-2 text-xs text-white dark:bg-stone-100 dark:text-stone-900">
                <Trans>On</Trans>
              </span>
            ) : null}
            <Icon name="chevron" className="size-4 transition group-open:rotate-180" />
          </summary>
          <div className="mt-4 grid gap-4 sm:mt-0">
            <div role="group" aria-label={t`Stage`} className="flex flex-wrap gap-2">
              <button
                type="button"
                aria-pressed={filters.stage === undefined}
                onClick={() => setFilters((current) => ({ ...current, stage: undefined }))}
                className={stageButtonClass}
                data-testid="leads-stage-all"
              >
                <Trans>All</Trans>
                <span className="tabular-nums opacity-80">{allCount}</span>
              </button>
              {LEAD_STAGE_ORDER.map((stage) => (
                <button
                  key={stage}
                  type="button"
                  aria-pressed={filters.stage === stage}
                  onClick={() => setFilters((current) => ({ ...current, stage }))}
                  className={stageButtonClass}
                  data-testid={`leads-stage-${stage}`}
                >
                  {i18n._(LEAD_STAGE_LABELS[stage])}
                  <span className="tabular-nums opacity-80" data-testid="leads-stage-count">
                    {first?.stageCounts[stage] ?? 0}
                  </span>
                </button>
              ))}
            </div>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <div>
                <label htmlFor={kindId} className={labelClass}>
                  <Trans>Kind</Trans>
                </label>
                <select
                  id={kindId}
                  value={filters.kind ?? ''}
                  onChange={(event) => {
                    const kind = leadKindSchema.safeParse(event.target.value)
                    setFilters((current) => ({ ...current, kind: kind.success ? kind.data : undefined }))
                  }}
                  className={inputClass}
                  data-testid="leads-kind"
                >
                  <option value="">{t`All kinds`}</option>
                  {LEAD_KIND_ORDER.map((kind) => (
                    <option key={kind} value={kind}>
                      {i18n._(LEAD_KINDS[kind].label)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={langId} className={labelClass}>
                  <Trans>Language</Trans>
                </label>
                <select
                  id={langId}
                  value={filters.lang ?? ''}
                  onChange={(event) => {
                    const value = event.target.value
                    setFilters((current) => ({ ...current, lang: value === 'ko' || value === 'en' ? value : undefined }))
                  }}
                  className={inputClass}
                  data-testid="leads-lang"
                >
                  <option value="">{t`All languages`}</option>
                  <option value="ko">{t`Korean`}</option>
                  <option value="en">{t`English`}</option>
                </select>
              </div>
              <div>
                <label htmlFor={followUpId} className={labelClass}>
                  <Trans>Follow-up</Trans>
                </label>
                <select
                  id={followUpId}
                  value={filters.nextFollowUp ?? ''}
                  onChange={(event) => {
                    const followUp = leadFollowUpFilterSchema.safeParse(event.target.value)
                    setFilters((current) => ({ ...current, nextFollowUp: followUp.success ? followUp.data : undefined }))
                  }}
                  className={inputClass}
                  data-testid="leads-follow-up"
                >
                  <option value="">{t`Any follow-up`}</option>
                  <option value="due">{t`Due today or overdue`}</option>
                  <option value="upcoming">{t`Coming up`}</option>
                  <option value="none">{t`No follow-up day`}</option>
                </select>
              </div>
              <div>
                <label htmlFor={sortId} className={labelClass}>
                  <Trans>Order</Trans>
                </label>
                <select
                  id={sortId}
                  value={filters.sort ?? 'newest'}
                  onChange={(event) => {
                    const sort = leadSortSchema.safeParse(event.target.value)
                    setFilters((current) => ({ ...current, sort: sort.success && sort.data === 'nextFollowUp' ? sort.data : undefined }))
                  }}
                  className={inputClass}
                  data-testid="leads-sort"
                >
                  <option value="newest">{t`Newest first`}</option>
                  <option value="nextFollowUp">{t`Follow-up day first`}</option>
                </select>
              </div>
              <form role="search" onSubmit={search} className="sm:col-span-2 lg:col-span-4">
                <label htmlFor={searchId} className={labelClass}>
                  <Trans>Name or e-mail</Trans>
                </label>
                <div className="flex gap-2">
                  <input
                    id={searchId}
                    type="search"
                    value={searchText}
                    onChange={(event) => {
                      setSearchText(event.target.value)
                      // A cleared box shows every lead again at once.
                      if (event.target.value === '') setFilters((current) => ({ ...current, q: undefined }))
                    }}
                    maxLength={100}
                    autoCapitalize="none"
                    spellCheck={false}
                    className={inputClass}
                    data-testid="leads-search"
                  />
                  {/* The word from 640 px up; on a phone the icon alone. The label names it at every width. */}
                  <Button variant="secondary" type="submit" aria-label={t`Search`} className="shrink-0" data-testid="leads-search-submit">
                    <Icon name="search" />
                    <span aria-hidden="true" className="hidden sm:inline">
                      <Trans>Search</Trans>
                    </span>
                  </Button>
                </div>
              </form>
            </div>
          </div>
        </details>
      }
    >
      {leads.map((lead) => (
        <LeadItem key={lead.id} {...itemProps(lead)} />
      ))}
    </LeadListPanel>
  )
}
