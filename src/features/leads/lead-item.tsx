import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { Link } from '@tanstack/react-router'
import { Icon, buttonClass } from '~/components/ui'
import { FieldRow } from '~/components/form/field-row'
import { inputClass } from '~/components/form/inputs'
import { detailTermClass, LeadToggle, ReachDetails } from '~/features/inbox/lead-details'
import { displayPhone, telHref } from '~/lib/contact-links'
import { LANGS, type Lang } from '~/lib/lang'
import { LANGUAGE_NAMES } from '~/lib/language-names'
import { FOLLOW_UP_RANGE, isFollowUpDay, type LeadItem as Lead, type LeadStage } from '~/schemas/leads'
import { LEAD_KINDS } from './lead-kinds'
import { LEAD_REPLY_LABELS, LEAD_STAGE_LABELS, LEAD_STAGE_ORDER } from '~/schemas/lead-labels'
import { LeadNotes } from './lead-notes'
import { LeadTimeline } from './lead-timeline'

/** What the item's status line says after the last change of this lead. */
export type SaveState = { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string } | undefined

/**
 * One lead of the desk, whatever its kind: a header button that opens it (kind, name, e-mail,
 * date, stage and a due follow-up at a glance), and once open the stage select, the follow-up
 * day, the contact details, where it came from, the reply state and the private notes.
 * Changes are saved as they are made; the status line beside them says so (aria-live).
 */
export function LeadItem({
  lead,
  realtorId,
  expanded,
  save,
  onToggle,
  onStageChange,
  onFollowUpChange,
  onLangChange,
  formatDateTime,
  formatDay,
}: {
  lead: Lead
  realtorId: string
  expanded: boolean
  save: SaveState
  onToggle: () => void
  onStageChange: (stage: LeadStage) => void
  onFollowUpChange: (day: string | null) => void
  /** The realtor corrects the language detected from what the visitor wrote (issue 52 item 6). */
  onLangChange: (lang: Lang) => void
  formatDateTime: (iso: string) => string
  formatDay: (day: string) => string
}) {
  const { t, i18n } = useLingui()
  const bodyId = useId()
  const stageId = useId()
  const followUpId = useId()
  const langId = useId()
  const statusId = useId()
  const kind = LEAD_KINDS[lead.kind]
  // Judged by the server on the realtor's calendar (decision 067), not by this device's clock.
  const due = lead.followUpDue
  const who = lead.name ?? lead.email
  const followUpDay = lead.nextFollowUp ? formatDay(lead.nextFollowUp) : ''

  return (
    <li
      className={`overflow-hidden rounded-xl border bg-white shadow-sm dark:bg-stone-900 ${
        due ? 'border-amber-500 ring-1 ring-amber-500/40 dark:border-amber-400' : 'border-stone-200 dark:border-stone-800'
      }`}
      data-testid="lead-item"
      data-kind={lead.kind}
      data-stage={lead.stage}
      data-due={due ? 'true' : undefined}
    >
      <LeadToggle expanded={expanded} bodyId={bodyId} onToggle={onToggle} testId="lead-toggle">
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${kind.badgeClass}`} data-testid="lead-kind">
              <Icon name={kind.icon} className="size-3" />
              {i18n._(kind.label)}
            </span>
            <span className="min-w-0 text-base font-semibold break-words text-stone-900 dark:text-stone-50">{who}</span>
            <span
              className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800 dark:bg-stone-800 dark:text-stone-100"
              data-testid="lead-stage"
            >
              {i18n._(LEAD_STAGE_LABELS[lead.stage])}
            </span>
            {followUpDay ? (
              // Every follow-up day shows, the ones to come too; the one that has come stands out.
              <span
                className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
                  due
                    ? 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'
                    : 'border border-stone-300 text-stone-700 dark:border-stone-600 dark:text-stone-200'
                }`}
                data-testid={due ? 'lead-due' : 'lead-upcoming'}
              >
                <Icon name="calendar" className="size-3" />
                {due ? t`Follow up: ${followUpDay}` : t`Next follow-up: ${followUpDay}`}
              </span>
            ) : null}
          </span>
          <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-600 dark:text-stone-300">
            {lead.name ? <span className="break-all">{lead.email}</span> : null}
            {/* Rendered from the browser's clock zone: the server's text may differ, which is expected. */}
            <time dateTime={lead.createdAt} suppressHydrationWarning>
              {formatDateTime(lead.createdAt)}
            </time>
            <span data-testid="lead-lang">{i18n._(LANGUAGE_NAMES[lead.lang])}</span>
          </span>
          {lead.summary && !expanded ? (
            <span className="line-clamp-1 text-sm break-words text-stone-600 dark:text-stone-300" data-testid="lead-summary">
              {lead.summary}
            </span>
          ) : null}
        </span>
      </LeadToggle>
      <div id={bodyId} hidden={!expanded} className="border-t border-stone-200 p-4 sm:p-5 dark:border-stone-800">
        {lead.summary ? <p className="mb-4 text-base break-words break-keep text-stone-900 dark:text-stone-100">{lead.summary}</p> : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FieldRow id={stageId} label={<Trans>Stage</Trans>}>
            <select
              id={stageId}
              value={lead.stage}
              onChange={(event) => {
                const stage = LEAD_STAGE_ORDER.find((option) => option === event.target.value)
                if (stage) onStageChange(stage)
              }}
              aria-describedby={statusId}
              className={inputClass}
              data-testid="lead-stage-select"
            >
              {LEAD_STAGE_ORDER.map((stage) => (
                <option key={stage} value={stage}>
                  {i18n._(LEAD_STAGE_LABELS[stage])}
                </option>
              ))}
            </select>
          </FieldRow>
          <FieldRow id={followUpId} label={<Trans>Next follow-up</Trans>}>
            <input
              id={followUpId}
              type="date"
              min={FOLLOW_UP_RANGE.first}
              max={FOLLOW_UP_RANGE.last}
              // Uncontrolled: a half-typed date must not be overwritten while the realtor types it,
              // nor sent (a year typed digit by digit passes through 0002, 0020, 0202).
              key={lead.nextFollowUp ?? ''}
              defaultValue={lead.nextFollowUp ?? ''}
              onChange={(event) => {
                const value = event.target.value
                if (value === '') onFollowUpChange(null)
                else if (isFollowUpDay(value)) onFollowUpChange(value)
              }}
              aria-describedby={statusId}
              className={inputClass}
              data-testid="lead-follow-up"
            />
          </FieldRow>
          <FieldRow id={langId} label={<Trans>Visitor's language</Trans>}>
            <select
              id={langId}
              value={lead.lang}
              onChange={(event) => {
                const lang = LANGS.find((option) => option === event.target.value)
                if (lang) onLangChange(lang)
              }}
              aria-describedby={statusId}
              className={inputClass}
              data-testid="lead-lang-select"
            >
              {LANGS.map((lang) => (
                <option key={lang} value={lang}>
                  {i18n._(LANGUAGE_NAMES[lang])}
                </option>
              ))}
            </select>
          </FieldRow>
        </div>
        <p id={statusId} role="status" className="mt-2 min-h-5 text-sm" data-testid="lead-save-status">
          {save?.state === 'saving' ? (
            <span className="text-stone-600 dark:text-stone-300">
              <Trans>Saving…</Trans>
            </span>
          ) : save?.state === 'saved' ? (
            <span className="text-emerald-800 dark:text-emerald-300">
              <Trans>Saved</Trans>
            </span>
          ) : save?.state === 'failed' ? (
            <span className="font-medium text-red-800 dark:text-red-300">{save.message}</span>
          ) : null}
        </p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <ReachDetails email={lead.email} phone={lead.phone ? { href: telHref(lead.phone), label: displayPhone(lead.phone) } : null} />
          <dt className={detailTermClass}>
            <Trans>Source page</Trans>
          </dt>
          <dd className="min-w-0 font-mono break-all" data-testid="lead-source-page">
            {lead.sourcePage ?? '—'}
          </dd>
          {lead.listingKey ? (
            <>
              <dt className={detailTermClass}>
                <Trans>Listing</Trans>
              </dt>
              <dd className="font-mono break-all">{lead.listingKey}</dd>
            </>
          ) : null}
          <dt className={detailTermClass}>
            <Trans>Automatic reply</Trans>
          </dt>
          <dd data-testid="lead-reply-state">
            {i18n._(LEAD_REPLY_LABELS[lead.replyState])}
            {lead.replySentAt ? (
              <>
                {' · '}
                <time dateTime={lead.replySentAt} suppressHydrationWarning>
                  {formatDateTime(lead.replySentAt)}
                </time>
              </>
            ) : null}
          </dd>
        </dl>
        {lead.kind === 'seller' ? (
          // A seller lead's home and estimate start a CMA in the market analysis tab (issue 53).
          <p className="mt-4">
            <Link
              from="/{-$lang}/$desiredUrl/admin"
              to="/{-$lang}/$desiredUrl/admin"
              search={{ tab: 'cma', lead: lead.id }}
              className={buttonClass('secondary', 'md')}
              data-testid="lead-prepare-cma"
            >
              <Icon name="chart" />
              <Trans>Prepare a CMA</Trans>
            </Link>
          </p>
        ) : null}
        {expanded ? <LeadTimeline realtorId={realtorId} leadId={lead.id} formatDateTime={formatDateTime} formatDay={formatDay} /> : null}
        {expanded ? <LeadNotes realtorId={realtorId} leadId={lead.id} formatDateTime={formatDateTime} /> : null}
      </div>
    </li>
  )
}
