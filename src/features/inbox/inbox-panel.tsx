import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { useToast } from '~/components/toast'
import { markMessage } from '~/functions/inbox.functions'
import { listMyMessages } from '~/functions/realtor.functions'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { isRetryableCode } from '~/lib/retryable'
import { displayPhone, mailtoHref, telHref } from './contact-links'
import { csvFileName, messagesCsv, type MessagesCsvLabels } from './csv'
import type { InboxMessage, MessageStatus } from './types'
import { buttonBase, buttonStyles, ErrorAlert, Icon } from '~/components/ui'

type ListResult = Awaited<ReturnType<typeof listMyMessages>>
type ListPages = InfiniteData<ListResult, string | undefined>

/** Messages per page of the inbox, and per request of the CSV export (the API's maximum). */
const INBOX_PAGE_SIZE = 50
const EXPORT_PAGE_SIZE = 500

/** The first characters of the original, quoted in the reply: mailto URLs past ~2,000 characters get cut by some mail programs. */
const QUOTE_LIMIT = 800

/** Replaces one message in the cached pages; a page that is an error stays as it was. */
function withMessage(pages: ListPages | undefined, id: string, change: (message: InboxMessage) => InboxMessage): ListPages | undefined {
  if (!pages) return pages
  return {
    ...pages,
    pages: pages.pages.map((result) =>
      result.ok ? { ok: true, data: { ...result.data, messages: result.data.messages.map((message) => (message.id === id ? change(message) : message)) } } : result,
    ),
  }
}

function downloadText(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.rel = 'noopener'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // Revoking in the same task can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

/**
 * The realtor's leads inbox (issue 5 item 6): messages newest first, unread ones marked and
 * announced, opened messages marked read, a handled toggle, reply and call links, and a CSV
 * export. Server errors stay in the panel's alert region, beside what failed; successes are
 * toasts.
 */
export function InboxPanel({ realtorId, lang }: { realtorId: string; lang: Lang }) {
  const { t } = useLingui()
  const toast = useToast()
  const headingId = useId()
  const queryClient = useQueryClient()
  const queryKey = useMemo(() => ['inbox', realtorId, lang] as const, [realtorId, lang])
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [actionError, setActionError] = useState<string | undefined>()

  const [exporting, setExporting] = useState(false)

  // Newest first, a page at a time (issue 17): "Show older messages" reaches every one.
  const messagesQuery = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => listMyMessages({ data: { lang, realtorId, cursor: pageParam, limit: INBOX_PAGE_SIZE } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.ok ? (last.data.nextCursor ?? undefined) : undefined),
    staleTime: 30_000,
    // A 401/403 will not change by asking again; a network failure gets a "Try again" button.
    retry: false,
  })

  const dateTime = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' }), [lang])
  const dateOnly = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'long' }), [lang])

  const statusMutation = useMutation({
    mutationFn: (input: { id: string; status: MessageStatus; previous: MessageStatus }) => markMessage({ data: { lang, id: input.id, status: input.status } }),
    onMutate: async (input) => {
      setActionError(undefined)
      // Optimistic: the badge changes at once; a failure puts the old status back.
      await queryClient.cancelQueries({ queryKey })
      queryClient.setQueryData<ListPages>(queryKey, (current) => withMessage(current, input.id, (message) => ({ ...message, status: input.status })))
    },
    onSuccess: (result, input) => {
      if (!result.ok) {
        queryClient.setQueryData<ListPages>(queryKey, (current) => withMessage(current, input.id, (message) => ({ ...message, status: input.previous })))
        setActionError(result.error.message)
        return
      }
      queryClient.setQueryData<ListPages>(queryKey, (current) => withMessage(current, input.id, () => result.data))
      // Opening a message marks it read silently; only the explicit toggle gets a notice.
      if (input.status === 'handled') toast.success(t`Marked as handled`)
      else if (input.previous === 'handled') toast.success(t`Marked as not handled`)
    },
    onError: (_error, input) => {
      queryClient.setQueryData<ListPages>(queryKey, (current) => withMessage(current, input.id, (message) => ({ ...message, status: input.previous })))
      setActionError(t`The change could not be saved. Check your connection and try again.`)
    },
  })

  const pages = messagesQuery.data?.pages ?? []
  const result = pages[0]
  const failed = pages.find((page) => !page.ok)
  const messages = pages.flatMap((page) => (page.ok ? page.data.messages : []))
  // The whole inbox's counts, as of the first page.
  const messageCount = result?.ok ? result.data.total : 0
  const unread = result?.ok ? result.data.unread : 0
  const loadError =
    failed && !failed.ok ? failed.error.message : messagesQuery.isError ? t`Your messages could not be loaded. Check your connection and try again.` : undefined
  // Asking again helps after a network or server failure, never after "sign in" or "not yours".
  const canRetry = messagesQuery.isError || (failed !== undefined && !failed.ok && isRetryableCode(failed.error.code))

  function toggle(message: InboxMessage) {
    const opening = !expanded.has(message.id)
    setExpanded((current) => {
      const next = new Set(current)
      if (opening) next.add(message.id)
      else next.delete(message.id)
      return next
    })
    if (opening && message.status === 'new') statusMutation.mutate({ id: message.id, status: 'read', previous: 'new' })
  }

  /** Every message, not only the pages on screen: the export asks for all of them, page by page. */
  async function exportCsv() {
    const labels: MessagesCsvLabels = {
      headers: { date: t`Date`, name: t`Name`, email: t`E-mail`, phone: t`Phone`, message: t`Message`, listing: t`Listing`, status: t`Status` },
      status: { new: t`New`, read: t`Read`, handled: t`Handled` },
    }
    setExporting(true)
    setActionError(undefined)
    try {
      const all: Array<InboxMessage> = []
      let cursor: string | undefined
      do {
        const page = await listMyMessages({ data: { lang, realtorId, cursor, limit: EXPORT_PAGE_SIZE } })
        if (!page.ok) {
          setActionError(page.error.message)
          return
        }
        all.push(...page.data.messages)
        cursor = page.data.nextCursor ?? undefined
      } while (cursor)
      downloadText(messagesCsv(all, labels), csvFileName(new Date()), 'text/csv;charset=utf-8')
      const count = all.length
      toast.success(t({ message: plural(count, { one: 'Exported # message to a CSV file', other: 'Exported # messages to a CSV file' }) }))
    } catch {
      setActionError(t`The export could not be made. Check your connection and try again.`)
    } finally {
      setExporting(false)
    }
  }

  function replyHref(message: InboxMessage): string {
    const when = dateOnly.format(new Date(message.createdAt))
    const listingKey = message.listingKey
    const subject = listingKey ? t`Re: Your inquiry about listing ${listingKey}` : t`Re: Your message of ${when}`
    const original = message.message.length > QUOTE_LIMIT ? `${message.message.slice(0, QUOTE_LIMIT)}…` : message.message
    const name = message.name
    const quoted = original
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n')
    return mailtoHref(message.email, { subject, body: `\n\n${t`On ${when}, ${name} wrote:`}\n${quoted}` })
  }

  return (
    <section aria-labelledby={headingId} data-testid="inbox-panel">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
            <Trans>Messages</Trans>
          </h2>
          {result?.ok && messages.length > 0 ? (
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-300" data-testid="inbox-summary">
              <Plural value={messageCount} one="# message" other="# messages" />
              {unread > 0 ? (
                <>
                  {' · '}
                  <span className="font-semibold text-stone-900 dark:text-stone-50">
                    <Plural value={unread} one="# new" other="# new" />
                  </span>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        {result?.ok ? (
          <button
            type="button"
            onClick={() => void exportCsv()}
            disabled={messages.length === 0 || exporting}
            aria-busy={exporting}
            className={buttonStyles.secondary}
            data-testid="inbox-export"
          >
            <Icon name="download" />
            <Trans>Export CSV</Trans>
          </button>
        ) : null}
      </div>

      {/* Always in the page (and empty, so it takes no room) so screen readers announce an error the moment its text appears. */}
      <ErrorAlert
        testId="inbox-error"
        message={loadError ?? actionError ?? undefined}
        onRetry={loadError && canRetry ? () => void messagesQuery.refetch() : undefined}
      />

      {messagesQuery.isPending ? (
        <div aria-busy="true" className="grid gap-3">
          <p className="sr-only">
            <Trans>Loading messages…</Trans>
          </p>
          {[0, 1, 2].map((index) => (
            <div key={index} aria-hidden="true" className="h-24 animate-pulse rounded-xl border border-stone-200 bg-white motion-reduce:animate-none dark:border-stone-800 dark:bg-stone-900">
              <div className="m-5 h-4 w-1/3 rounded bg-stone-200 dark:bg-stone-700" />
              <div className="mx-5 h-3 w-2/3 rounded bg-stone-100 dark:bg-stone-800" />
            </div>
          ))}
        </div>
      ) : result?.ok && messages.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-stone-700 dark:bg-stone-900" data-testid="inbox-empty">
          <span className="grid size-12 place-items-center rounded-full bg-stone-100 text-stone-500 dark:bg-stone-800 dark:text-stone-300">
            <Icon name="inbox" className="size-6" />
          </span>
          <p className="text-lg font-semibold text-stone-900 dark:text-stone-50">
            <Trans>No messages yet</Trans>
          </p>
          <p className="max-w-md text-stone-600 dark:text-stone-300">
            <Trans>When visitors write to you from your homepage, their messages appear here.</Trans>
          </p>
        </div>
      ) : messages.length > 0 ? (
        <ul className="grid gap-3" data-testid="inbox-list">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              expanded={expanded.has(message.id)}
              onToggle={() => toggle(message)}
              onHandledChange={(handled) => statusMutation.mutate({ id: message.id, status: handled ? 'handled' : 'read', previous: message.status })}
              formatDateTime={(iso) => dateTime.format(new Date(iso))}
              replyHref={replyHref(message)}
            />
          ))}
        </ul>
      ) : null}
      {messagesQuery.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <button
            type="button"
            onClick={() => void messagesQuery.fetchNextPage()}
            disabled={messagesQuery.isFetchingNextPage}
            aria-busy={messagesQuery.isFetchingNextPage}
            className={buttonStyles.secondary}
            data-testid="inbox-more"
          >
            {messagesQuery.isFetchingNextPage ? <Trans>Loading messages…</Trans> : <Trans>Show older messages</Trans>}
          </button>
        </div>
      ) : null}
    </section>
  )
}

function MessageItem({
  message,
  expanded,
  onToggle,
  onHandledChange,
  formatDateTime,
  replyHref,
}: {
  message: InboxMessage
  expanded: boolean
  onToggle: () => void
  onHandledChange: (handled: boolean) => void
  formatDateTime: (iso: string) => string
  replyHref: string
}) {
  const { t } = useLingui()
  const bodyId = useId()
  const isNew = message.status === 'new'
  const handled = message.status === 'handled'
  const when = formatDateTime(message.createdAt)
  const listingKey = message.listingKey

  return (
    <li
      className={`overflow-hidden rounded-xl border bg-white shadow-sm transition dark:bg-stone-900 ${
        isNew ? 'border-stone-400 ring-1 ring-stone-900/5 dark:border-stone-500' : 'border-stone-200 dark:border-stone-800'
      }`}
      data-testid="inbox-message"
      data-status={message.status}
    >
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={onToggle}
          className="flex min-h-11 w-full items-start gap-3 p-4 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-stone-900 sm:p-5 dark:hover:bg-stone-800/60 dark:focus-visible:outline-stone-100"
        >
          {/* The dot is decoration; the "New" text beside the name is what is announced. */}
          <span aria-hidden="true" className={`mt-2 size-2.5 shrink-0 rounded-full ${isNew ? 'bg-sky-600' : 'bg-transparent'}`} />
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {isNew ? (
                <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-bold tracking-wide text-sky-900 uppercase dark:bg-sky-900 dark:text-sky-100">
                  <Trans>New</Trans>
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
          <Icon name="chevron" className={`mt-1 size-5 text-stone-500 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      {/* Indented to line up with the name above (past the unread dot). */}
      <div id={bodyId} hidden={!expanded} className="border-t border-stone-200 pt-4 pr-4 pb-5 pl-[2.375rem] sm:pr-5 sm:pl-[2.625rem] dark:border-stone-800">
        {/* keep-all: Korean wraps between words, as Korean readers expect; long URLs still break. */}
        <p className="text-base leading-relaxed break-words break-keep whitespace-pre-wrap text-stone-900 dark:text-stone-100">{message.message}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium text-stone-500 dark:text-stone-400">
            <Trans>E-mail</Trans>
          </dt>
          <dd className="min-w-0 break-all">
            <a href={mailtoHref(message.email)} className="font-medium text-stone-900 underline underline-offset-4 dark:text-stone-100">
              {message.email}
            </a>
          </dd>
          <dt className="font-medium text-stone-500 dark:text-stone-400">
            <Trans>Phone</Trans>
          </dt>
          <dd>
            <a href={telHref(message.phone, message.phoneCountryCode)} className="font-medium text-stone-900 underline underline-offset-4 dark:text-stone-100">
              {displayPhone(message.phone, message.phoneCountryCode)}
            </a>
          </dd>
          {listingKey ? (
            <>
              <dt className="font-medium text-stone-500 dark:text-stone-400">
                <Trans>Listing</Trans>
              </dt>
              <dd className="font-mono break-all">{listingKey}</dd>
            </>
          ) : null}
          <dt className="font-medium text-stone-500 dark:text-stone-400">
            <Trans>Received</Trans>
          </dt>
          <dd>
            <time dateTime={message.createdAt} suppressHydrationWarning>
              {when}
            </time>
          </dd>
        </dl>
        <div className="mt-5 flex flex-wrap gap-2">
          <a href={replyHref} className={buttonStyles.primary} data-testid="inbox-reply">
            <Icon name="reply" />
            <Trans>Reply by e-mail</Trans>
          </a>
          <a href={telHref(message.phone, message.phoneCountryCode)} className={buttonStyles.secondary}>
            <Icon name="phone" />
            <Trans>Call</Trans>
          </a>
          {/* A toggle button: the label stays, aria-pressed carries the state. */}
          <button
            type="button"
            aria-pressed={handled}
            onClick={() => onHandledChange(!handled)}
            className={`${buttonBase} border ${
              handled
                ? 'border-emerald-700 bg-emerald-50 text-emerald-900 hover:bg-emerald-100 dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-100'
                : 'border-stone-300 bg-white text-stone-800 hover:border-stone-500 hover:bg-stone-50 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800'
            }`}
            data-testid="inbox-handled"
          >
            <span
              aria-hidden="true"
              className={`grid size-5 place-items-center rounded border ${handled ? 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-emerald-950' : 'border-stone-400'}`}
            >
              {handled ? <Icon name="check" className="size-3.5" /> : null}
            </span>
            <Trans>Mark as handled</Trans>
          </button>
        </div>
      </div>
    </li>
  )
}
