import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { Button, buttonClass, Icon } from '~/components/ui'
import { displayPhone, mailtoHref, telHref } from '~/lib/contact-links'
import { LeadDetail, LeadToggle, ReachDetails, detailTermClass } from './lead-details'
import type { InboxMessage } from './types'

/** The first characters of the original, quoted in the reply: mailto URLs past ~2,000 characters get cut by some mail programs. */
const QUOTE_LIMIT = 800

/**
 * One message of the inbox: a header button that opens it (and shows the name, date, listing
 * and an excerpt), and once open the whole text, the sender's details, reply and call links and
 * the handled toggle.
 */
export function MessageItem({
  message,
  expanded,
  onToggle,
  onHandledChange,
  onDelete,
  formatDateTime,
  formatDate,
}: {
  message: InboxMessage
  expanded: boolean
  onToggle: () => void
  onHandledChange: (handled: boolean) => void
  /** Asks to delete the message (the panel confirms first). */
  onDelete: () => void
  formatDateTime: (iso: string) => string
  /** The day alone, as the reply's subject and quote line name it. */
  formatDate: (iso: string) => string
}) {
  const { t } = useLingui()
  const bodyId = useId()
  const isNew = message.status === 'new'
  const handled = message.status === 'handled'
  const when = formatDateTime(message.createdAt)
  const listingKey = message.listingKey

  /** A reply that names what it answers and quotes the start of the original. */
  function replyMailto(): string {
    // The day alone; the variable's name is the placeholder's name in the catalogs.
    const when = formatDate(message.createdAt)
    const subject = listingKey ? t`Re: Your inquiry about listing ${listingKey}` : t`Re: Your message of ${when}`
    const original = message.message.length > QUOTE_LIMIT ? `${message.message.slice(0, QUOTE_LIMIT)}…` : message.message
    const name = message.name
    const quoted = original
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n')
    return mailtoHref(message.email, { subject, body: `\n\n${t`On ${when}, ${name} wrote:`}\n${quoted}` })
  }
  const replyHref = replyMailto()

  return (
    <li
      className={`overflow-hidden rounded-xl border bg-white shadow-sm transition dark:bg-stone-900 ${
        isNew ? 'border-stone-400 ring-1 ring-stone-900/5 dark:border-stone-500' : 'border-stone-200 dark:border-stone-800'
      }`}
      data-testid="inbox-message"
      data-status={message.status}
    >
      <LeadToggle expanded={expanded} bodyId={bodyId} onToggle={onToggle}>
        {/* The dot is decoration; the "Unread" text beside the name is what is announced. */}
        <span aria-hidden="true" className={`mt-2 size-2.5 shrink-0 rounded-full ${isNew ? 'bg-sky-600' : 'bg-transparent'}`} />
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {isNew ? (
              // "Unread", not "New": the lead's stage is the one status of the desk, and its first stage is "New" (decision 067).
              <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-bold tracking-wide text-sky-900 uppercase dark:bg-sky-900 dark:text-sky-100">
                <Trans>Unread</Trans>
              </span>
            ) : null}
            {handled ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                <Icon name="check" className="size-3" />
                <Trans>Handled</Trans>
              </span>
            ) : null}
            <span className={`truncate text-base text-stone-900 dark:text-stone-50 ${isNew ? 'font-bold' : 'font-medium'}`}>{message.name}</span>
            {/* Rendered from the browser's clock zone: the server's text may differ, which is expected. */}
            <time dateTime={message.createdAt} suppressHydrationWarning className="text-sm text-stone-500 dark:text-stone-400">
              {when}
            </time>
          </span>
          {listingKey ? (
            <span className="inline-flex items-center gap-1 text-sm text-stone-600 dark:text-stone-300">
              <Icon name="tag" className="size-3.5" />
              {t`Listing ${listingKey}`}
            </span>
          ) : null}
          {expanded ? null : (
            // The excerpt is for the eye; screen readers get the whole text once it is opened.
            <span aria-hidden="true" className={`line-clamp-1 text-sm break-words text-stone-600 dark:text-stone-300 ${isNew ? 'font-semibold' : ''}`}>
              {message.message}
            </span>
          )}
        </span>
      </LeadToggle>
      {/* Indented to line up with the name above (past the unread dot). */}
      <div id={bodyId} hidden={!expanded} className="border-t border-stone-200 pt-4 pr-4 pb-5 pl-[2.375rem] sm:pr-5 sm:pl-[2.625rem] dark:border-stone-800">
        {/* keep-all: Korean wraps between words, as Korean readers expect; long URLs still break. */}
        <p className="text-base leading-relaxed break-words break-keep whitespace-pre-wrap text-stone-900 dark:text-stone-100">{message.message}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <ReachDetails
            email={message.email}
            phone={{ href: telHref(message.phone, message.phoneCountryCode), label: displayPhone(message.phone, message.phoneCountryCode) }}
          />
          {listingKey ? (
            <LeadDetail term={<Trans>Listing</Trans>} className="font-mono break-all">
              {listingKey}
            </LeadDetail>
          ) : null}
          <LeadDetail term={<Trans>Received</Trans>}>
            <time dateTime={message.createdAt} suppressHydrationWarning>
              {when}
            </time>
          </LeadDetail>
        </dl>
        <div className="mt-5 flex flex-wrap gap-2">
          <a href={replyHref} className={buttonClass('primary')} data-testid="inbox-reply">
            <Icon name="reply" />
            <Trans>Reply by e-mail</Trans>
          </a>
          <a href={telHref(message.phone, message.phoneCountryCode)} className={buttonClass('secondary')}>
            <Icon name="phone" />
            <Trans>Call</Trans>
          </a>
          {/* A toggle button: the label stays, aria-pressed carries the state. */}
          <Button variant={handled ? 'success' : 'secondary'} aria-pressed={handled} onClick={() => onHandledChange(!handled)} data-testid="inbox-handled">
            <span
              aria-hidden="true"
              className={`grid size-5 place-items-center rounded border ${handled ? 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-emerald-950' : 'border-stone-400'}`}
            >
              {handled ? <Icon name="check" className="size-3.5" /> : null}
            </span>
            <Trans>Mark as handled</Trans>
          </Button>
          <Button variant="danger" onClick={onDelete} data-testid="inbox-delete">
            <Icon name="trash" />
            <Trans>Delete</Trans>
          </Button>
        </div>
        <ConsentDetails consent={message.consent} formatDateTime={formatDateTime} />
      </div>
    </li>
  )
}

/**
 * What the visitor agreed to, as stored with the message: the version, time, language and
 * page, the exact words, and whether they agreed to be called or texted. A message sent before
 * consent was recorded says so instead of showing a guess.
 */
function ConsentDetails({ consent, formatDateTime }: { consent: InboxMessage['consent']; formatDateTime: (iso: string) => string }) {
  const { t } = useLingui()
  const languageName = consent.lang === 'ko' ? t`Korean` : consent.lang === 'en' ? t`English` : null
  const phoneAnswer = consent.phoneContact === true ? t`Agreed` : consent.phoneContact === false ? t`Not agreed` : t`Not recorded`
  return (
    <details className="mt-5 rounded-lg border border-stone-200 text-sm dark:border-stone-800" data-testid="inbox-consent">
      <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-medium text-stone-700 dark:text-stone-200">
        <Trans>Consent</Trans>
      </summary>
      {consent.version === null ? (
        <p className="px-3 pb-3 text-stone-600 dark:text-stone-300">
          <Trans>Not recorded: this message was sent before consent records were kept.</Trans>
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 px-3 pb-3">
          <dt className={detailTermClass}>
            <Trans>Version</Trans>
          </dt>
          <dd className="font-mono" data-testid="inbox-consent-version">
            {consent.version}
          </dd>
          <dt className={detailTermClass}>
            <Trans>Agreed at</Trans>
          </dt>
          <dd>
            {consent.consentedAt ? (
              <time dateTime={consent.consentedAt} suppressHydrationWarning>
                {formatDateTime(consent.consentedAt)}
              </time>
            ) : (
              '—'
            )}
          </dd>
          <dt className={detailTermClass}>
            <Trans>Language shown</Trans>
          </dt>
          <dd>{languageName ?? '—'}</dd>
          <dt className={detailTermClass}>
            <Trans>Page</Trans>
          </dt>
          <dd className="font-mono break-all">{consent.page ?? '—'}</dd>
          <dt className={detailTermClass}>
            <Trans>Words shown</Trans>
          </dt>
          <dd>
            <blockquote className="border-l-2 border-stone-300 pl-3 text-stone-800 dark:border-stone-600 dark:text-stone-200" data-testid="inbox-consent-text">
              {consent.text ?? '—'}
            </blockquote>
          </dd>
          <dt className={detailTermClass}>
            <Trans>Calls and texts</Trans>
          </dt>
          <dd data-testid="inbox-consent-phone">
            {phoneAnswer}
            {consent.phoneContactText ? (
              <blockquote className="mt-1 border-l-2 border-stone-300 pl-3 text-stone-800 dark:border-stone-600 dark:text-stone-200">
                {consent.phoneContactText} <span className="font-mono text-stone-500 dark:text-stone-400">({consent.phoneContactVersion})</span>
              </blockquote>
            ) : null}
          </dd>
        </dl>
      )}
    </details>
  )
}
