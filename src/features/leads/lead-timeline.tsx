import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { Icon, buttonClass } from '~/components/ui'
import { formatPrice } from '~/lib/format'
import { propertyTypeLabel } from '~/lib/home-display'
import { frequencyLabel } from '~/lib/saved-search-words'
import { isSellerTimeframe, SELLER_TIMEFRAME_LABELS } from '~/lib/seller-timeframes'
import { errorMessage } from '~/lib/errors'
import { leadMailQuery, leadTimelineQuery } from '~/queries/leads'
import { PROPERTY_KINDS, RESO_SUB_TYPE } from '~/schemas/home'
import type { LeadTimelineEntry, TimelineMail } from '~/schemas/lead-timeline'
import { LEAD_STAGE_LABELS } from '~/schemas/lead-labels'
import { LeadSection } from './lead-section'
import { MAIL_KIND_LABELS, MAIL_STATE_CLASSES, MAIL_STATE_LABELS } from './timeline-labels'

/**
 * Everything that happened with a lead, oldest first (issue 52 item 2, decision 068): what the
 * visitor sent, every mail sent to them with its delivery state, the stage and follow-up
 * changes and the notes. A mail can be opened as it was sent: its HTML is someone else's
 * markup, so it is shown only inside a sandboxed frame (no scripts, an opaque origin), never
 * in this page's DOM; its files (a tour's `.ics`) download from the API.
 */
export function LeadTimeline({
  realtorId,
  leadId,
  formatDateTime,
  formatDay,
}: {
  realtorId: string
  leadId: string
  formatDateTime: (iso: string) => string
  formatDay: (day: string) => string
}) {
  const { t, i18n } = useLingui()
  const viewerLang = i18n.locale === 'en' ? 'en' : 'ko'
  const timeline = useQuery({ ...leadTimelineQuery(realtorId, leadId, viewerLang), retry: false })
  const entries = timeline.data?.entries ?? []

  return (
    <LeadSection
      title={<Trans>Timeline</Trans>}
      intro={<Trans>What the visitor sent, every e-mail they were sent, and your changes, oldest first.</Trans>}
      loadError={
        timeline.isError
          ? errorMessage(timeline.error, (id) => i18n._(id), t`The timeline could not be loaded. Check your connection and try again.`)
          : undefined
      }
      testId="lead-timeline"
    >
      {/* Never beside the error: a query is pending or has failed, not both. */}
      {timeline.isPending ? (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-300" role="status">
          <Trans>Loading the timeline…</Trans>
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ol className="mt-3 grid gap-0" data-testid="lead-timeline-list">
          {entries.map((entry) => (
            <li
              key={`${entry.type}-${entry.id}`}
              className="relative border-l-2 border-stone-200 pb-4 pl-4 last:pb-0 dark:border-stone-700"
              data-testid="timeline-entry"
              data-type={entry.type}
            >
              <span aria-hidden="true" className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-stone-400 dark:bg-stone-500" />
              <time dateTime={entry.at} suppressHydrationWarning className="block text-xs text-stone-600 dark:text-stone-300">
                {formatDateTime(entry.at)}
              </time>
              <TimelineEntry entry={entry} leadId={leadId} formatDay={formatDay} />
            </li>
          ))}
        </ol>
      ) : null}
    </LeadSection>
  )
}

function EntryTitle({ children }: { children: ReactNode }) {
  return <p className="text-sm font-semibold text-stone-900 dark:text-stone-50">{children}</p>
}

function EntryText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="text-sm break-words break-keep whitespace-pre-wrap text-stone-800 dark:text-stone-200" data-testid={testId}>
      {children}
    </p>
  )
}

function TimelineEntry({ entry, leadId, formatDay }: { entry: LeadTimelineEntry; leadId: string; formatDay: (day: string) => string }) {
  const { t, i18n } = useLingui()
  switch (entry.type) {
    case 'message':
      return (
        <>
          <EntryTitle>
            <Trans>Message received</Trans>
          </EntryTitle>
          <EntryText testId="timeline-message">{entry.text}</EntryText>
        </>
      )
    case 'tour_request': {
      const address = entry.listingAddress
      // The home's zone named with each time (dateStyle cannot be combined with timeZoneName).
      const times = new Intl.DateTimeFormat(i18n.locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        weekday: 'short',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: entry.timeZone,
        timeZoneName: 'short',
      })
      return (
        <>
          <EntryTitle>{entry.mode === 'video' ? t`Video tour requested: ${address}` : t`In-person tour requested: ${address}`}</EntryTitle>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            <Trans>Times asked for, in the home's time zone:</Trans>
          </p>
          <ul className="list-disc pl-5 text-sm text-stone-800 dark:text-stone-200">
            {entry.slots.map((slot) => (
              <li key={slot.start}>{times.format(new Date(slot.start))}</li>
            ))}
          </ul>
          {entry.message ? <EntryText>{entry.message}</EntryText> : null}
        </>
      )
    }
    case 'seller_request': {
      const address = entry.address
      const kind = PROPERTY_KINDS.find((candidate) => candidate === entry.propertyType)
      const typeLabel = kind ? propertyTypeLabel(RESO_SUB_TYPE[kind]) : undefined
      const count = new Intl.NumberFormat(i18n.locale)
      const beds = count.format(entry.beds)
      const baths = count.format(entry.baths)
      const area = count.format(entry.livingArea)
      const year = entry.yearBuilt
      const facts = year === null ? t`${beds} beds · ${baths} baths · ${area} sq ft` : t`${beds} beds · ${baths} baths · ${area} sq ft · built ${year}`
      const estimate = entry.estimate
      const low = estimate ? formatPrice(estimate.low) : ''
      const high = estimate ? formatPrice(estimate.high) : ''
      const typical = estimate ? formatPrice(estimate.typical) : ''
      return (
        <>
          <EntryTitle>{t`Valuation requested: ${address}`}</EntryTitle>
          <EntryText>{typeLabel ? `${i18n._(typeLabel)} · ${facts}` : facts}</EntryText>
          <EntryText>{estimate ? t`Estimate shown: ${low} – ${high} (typical ${typical})` : t`No estimate was shown (too few comparable homes).`}</EntryText>
          {isSellerTimeframe(entry.timeframe) ? <EntryText>{i18n._(SELLER_TIMEFRAME_LABELS[entry.timeframe])}</EntryText> : null}
        </>
      )
    }
    case 'saved_search':
      return (
        <>
          <EntryTitle>
            <Trans>Home alert saved</Trans>
          </EntryTitle>
          <EntryText>{entry.criteria}</EntryText>
          <EntryText>{i18n._(frequencyLabel(entry.frequency))}</EntryText>
        </>
      )
    case 'mail':
      return <MailEntry mail={entry} leadId={leadId} />
    case 'stage': {
      const to = i18n._(LEAD_STAGE_LABELS[entry.to])
      const from = entry.from ? i18n._(LEAD_STAGE_LABELS[entry.from]) : ''
      return <EntryTitle>{from ? t`Stage changed from ${from} to ${to}` : t`Stage set to ${to}`}</EntryTitle>
    }
    case 'follow_up': {
      const day = entry.to ? formatDay(entry.to) : ''
      return <EntryTitle>{day ? t`Follow-up set for ${day}` : t`Follow-up cleared`}</EntryTitle>
    }
    case 'note':
      return (
        <>
          <EntryTitle>
            <Trans>Private note</Trans>
          </EntryTitle>
          <EntryText>{entry.body}</EntryText>
        </>
      )
  }
}

/** The API path of one file of a lead's mail: a plain link, so the browser downloads it with the session cookie. */
function attachmentUrl(leadId: string, mailId: string, index: number): string {
  return `/cozying-api/v1/leads/${encodeURIComponent(leadId)}/mails/${encodeURIComponent(mailId)}/attachments/${index}`
}

function MailEntry({ mail, leadId }: { mail: TimelineMail; leadId: string }) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const frameId = useId()
  const subject = mail.subject
  const to = mail.to
  return (
    <div data-testid="timeline-mail" data-kind={mail.kind} data-state={mail.state}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-sm font-semibold text-stone-900 dark:text-stone-50">{i18n._(MAIL_KIND_LABELS[mail.kind])}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${MAIL_STATE_CLASSES[mail.state]}`} data-testid="timeline-mail-state">
          {i18n._(MAIL_STATE_LABELS[mail.state])}
        </span>
      </p>
      <p className="text-sm break-words text-stone-800 dark:text-stone-200" data-testid="timeline-mail-subject">
        {subject}
      </p>
      <p className="text-xs break-all text-stone-600 dark:text-stone-300">{t`To ${to}`}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {mail.hasHtml ? (
          <button
            type="button"
            onClick={() => setOpen((current) => !current)}
            aria-expanded={open}
            aria-controls={open ? frameId : undefined}
            className={buttonClass('secondary')}
            data-testid="timeline-mail-toggle"
          >
            <Icon name="eye" />
            {open ? <Trans>Hide the e-mail</Trans> : <Trans>Show the e-mail as sent</Trans>}
          </button>
        ) : null}
        {mail.attachments.map((file) => (
          <a
            key={file.index}
            href={attachmentUrl(leadId, mail.id, file.index)}
            download={file.filename}
            className={buttonClass('secondary')}
            data-testid="timeline-mail-attachment"
          >
            <Icon name="download" />
            {t`Download ${file.filename}`}
          </a>
        ))}
      </div>
      {open ? <SentMail id={frameId} leadId={leadId} mailId={mail.id} subject={subject} /> : null}
    </div>
  )
}

/**
 * The mail's own HTML in a frame with `sandbox` and no tokens: no scripts, no forms, no popups,
 * an opaque origin that cannot reach the workspace; `srcdoc` keeps it off the network (images
 * aside, which the page's policy allows from https only).
 */
function SentMail({ id, leadId, mailId, subject }: { id: string; leadId: string; mailId: string; subject: string }) {
  const { t, i18n } = useLingui()
  const mail = useQuery({ ...leadMailQuery(leadId, mailId), retry: false })
  if (mail.isError) {
    return (
      <p id={id} className="mt-2 text-sm font-medium text-red-800 dark:text-red-300" role="alert">
        {errorMessage(mail.error, (messageId) => i18n._(messageId), t`The e-mail could not be loaded. Check your connection and try again.`)}
      </p>
    )
  }
  if (!mail.data) {
    return (
      <p id={id} className="mt-2 text-sm text-stone-600 dark:text-stone-300" role="status">
        <Trans>Loading the e-mail…</Trans>
      </p>
    )
  }
  return (
    <iframe
      id={id}
      title={t`The e-mail “${subject}” as sent`}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={mail.data.html}
      className="mt-2 h-96 w-full sm:h-[28rem] rounded-lg border border-stone-300 bg-white dark:border-stone-700"
      data-testid="timeline-mail-frame"
    />
  )
}
