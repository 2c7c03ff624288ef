import { Plural, Trans } from '@lingui/react/macro'
import { Icon } from '~/components/ui'
import { MessageItem } from './message-item'
import type { InboxMessage } from './types'

/** The messages on screen, newest first; each opens in place. */
export function MessageList({
  messages,
  isExpanded,
  onToggle,
  onHandledChange,
  onDelete,
  formatDateTime,
  formatDate,
}: {
  messages: ReadonlyArray<InboxMessage>
  isExpanded: (message: InboxMessage) => boolean
  onToggle: (message: InboxMessage) => void
  onHandledChange: (message: InboxMessage, handled: boolean) => void
  onDelete: (message: InboxMessage) => void
  formatDateTime: (iso: string) => string
  formatDate: (iso: string) => string
}) {
  return (
    <ul className="grid gap-3" data-testid="inbox-list">
      {messages.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          expanded={isExpanded(message)}
          onToggle={() => onToggle(message)}
          onHandledChange={(handled) => onHandledChange(message, handled)}
          onDelete={() => onDelete(message)}
          formatDateTime={formatDateTime}
          formatDate={formatDate}
        />
      ))}
    </ul>
  )
}

/** "12 messages · 3 new", for the whole inbox. */
export function InboxSummary({ messageCount, unread }: { messageCount: number; unread: number }) {
  return (
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
  )
}

/** Placeholders of the first load's messages; the text is for screen readers. */
export function MessageListLoading() {
  return (
    <div aria-busy="true" className="grid gap-3">
      <p className="sr-only">
        <Trans>Loading messages…</Trans>
      </p>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-24 animate-pulse rounded-xl border border-stone-200 bg-white motion-reduce:animate-none dark:border-stone-800 dark:bg-stone-900"
        >
          <div className="m-5 h-4 w-1/3 rounded bg-stone-200 dark:bg-stone-700" />
          <div className="mx-5 h-3 w-2/3 rounded bg-stone-100 dark:bg-stone-800" />
        </div>
      ))}
    </div>
  )
}

export function InboxEmpty() {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-stone-700 dark:bg-stone-900"
      data-testid="inbox-empty"
    >
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
  )
}
