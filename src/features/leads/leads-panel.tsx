import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react'
import { inputClass } from '~/components/form/inputs'
import { Button, Icon } from '~/components/ui'
import { LeadListPanel, useLeadList } from '~/features/inbox/lead-list'
import { changeLead } from '~/functions/leads.functions'
import { dateTimeFormat } from '~/lib/date-time-format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { errorMessage } from '~/lib/errors'
import { afterLeadChanged } from '~/queries/changes'
import { leadsQuery, type LeadFilters } from '~/queries/leads'
import { leadKindSchema, type LeadItem as Lead, type LeadUpdateBody } from '~/schemas/leads'
import { localDay } from './follow-up'
import { LeadItem, type SaveState } from './lead-item'
import { LEAD_KIND_ORDER, LEAD_KINDS } from './lead-kinds'
import { LEAD_STAGE_LABELS, LEAD_STAGE_ORDER } from './lead-labels'
import { ExportLeadsButton } from './export-leads-button'

/** Leads per page of the desk. */
const LEADS_PAGE_SIZE = 50

const noSubscription = () => () => undefined

/**
 * The lead desk (issue 26 item 2): every lead of the realtor, whatever its kind, newest first;
 * counts per stage that also filter, filters by kind and language, a search over names and
 * e-mail addresses, "show older", a CSV export of what the filters select, and in each lead
 * its stage, next follow-up day and private notes. Follow-up days that have come stand out.
 */
export function LeadsPanel({ realtorId, lang }: { realtorId: string; lang: Lang }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const headingId = useId()
  const kindId = useId()
  const langId = useId()
  const searchId = useId()
  const [filters, setFilters] = useState<LeadFilters>({})
  const [searchText, setSearchText] = useState('')
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [saves, setSaves] = useState<ReadonlyMap<string, SaveState>>(() => new Map())
  // Today on this device's clock; null while rendering on the server, whose day may differ.
  const today = useSyncExternalStore(
    noSubscription,
    () => localDay(new Date()),
    () => null,
  )

  const listQuery = leadsQuery(realtorId, filters, { limit: LEADS_PAGE_SIZE, viewerLang: lang })
  const leadsList = useInfiniteQuery({ ...listQuery, staleTime: 30_000, retry: false })

  const dateTime = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' })
  // A follow-up day is a calendar day, not an instant: formatted as the day it names.
  const dayFormat = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeZone: 'UTC' })

  function setSave(id: string, save: SaveState) {
    setSaves((current) => new Map(current).set(id, save))
  }

  const changeMutation = useMutation({
    mutationFn: (input: { id: string; change: LeadUpdateBody }) => changeLead({ data: { id: input.id, change: input.change, viewerLang: lang } }),
    onMutate: (input) => setSave(input.id, { state: 'saving' }),
    onSuccess: async (updated) => {
      setSave(updated.id, { state: 'saved' })
      await afterLeadChanged(queryClient, realtorId, updated)
    },
    onError: (error, input) =>
      setSave(input.id, {
        state: 'failed',
        message: errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`),
      }),
  })

  const list = useLeadList(leadsList, (page) => page.leads, t`Your leads could not be loaded. Check your connection and try again.`)
  const { first, rows: leads } = list
  const filtered = filters.kind !== undefined || filters.lang !== undefined || filters.q !== undefined || filters.stage !== undefined
  const allCount = first ? LEAD_STAGE_ORDER.reduce((sum, stage) => sum + first.stageCounts[stage], 0) : 0

  function toggle(lead: Lead) {
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(lead.id)) next.delete(lead.id)
      else next.add(lead.id)
      return next
    })
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const q = searchText.trim()
    setFilters((current) => ({ ...current, q: q === '' ? undefined : q }))
  }

  const stageButtonClass =
    'inline-flex min-h-11 items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:border-stone-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-pressed:border-stone-900 aria-pressed:bg-stone-900 aria-pressed:text-white dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:focus-visible:outline-stone-100 dark:aria-pressed:border-stone-100 dark:aria-pressed:bg-stone-100 dark:aria-pressed:text-stone-900'

  return (
    <LeadListPanel
      testId="leads"
      headingId={headingId}
      heading={<Trans>Leads</Trans>}
      summary={<Plural value={first?.total ?? 0} one="# lead" other="# leads" />}
      exportButton={<ExportLeadsButton realtorId={realtorId} lang={lang} filters={filters} disabled={leads.length === 0} />}
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
        <div className="mb-5 grid gap-4" data-testid="leads-filters">
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
          <div className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr]">
            <div>
              <label htmlFor={kindId} className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">
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
              <label htmlFor={langId} className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">
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
            <form role="search" onSubmit={search}>
              <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">
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
      }
    >
      {leads.map((lead) => (
        <LeadItem
          key={lead.id}
          lead={lead}
          realtorId={realtorId}
          expanded={expanded.has(lead.id)}
          today={today}
          save={saves.get(lead.id)}
          onToggle={() => toggle(lead)}
          onStageChange={(stage) => changeMutation.mutate({ id: lead.id, change: { stage } })}
          onFollowUpChange={(nextFollowUp) => changeMutation.mutate({ id: lead.id, change: { nextFollowUp } })}
          onLangChange={(visitorLang) => changeMutation.mutate({ id: lead.id, change: { lang: visitorLang } })}
          formatDateTime={(iso) => dateTime.format(new Date(iso))}
          formatDay={(day) => dayFormat.format(new Date(`${day}T00:00:00Z`))}
        />
      ))}
    </LeadListPanel>
  )
}
