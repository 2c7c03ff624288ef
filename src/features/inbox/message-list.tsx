import { Plural } from '@lingui/react/macro'
import { MessageItem } from './message-item'
import type { InboxMessage } from './types'

/** The messages on screen, newest first, as the items of the inbox's list; each opens in place. */
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
    <>
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
    </>
  )
}

/** "12 messages · 3 new", for the whole inbox. */
export function InboxSummary({ messageCount, unread }: { messageCount: number; unread: number }) {
  return (
    <>
      <Plural value={messageCount} one="# message" other="# messages" />
      {unread > 0 ? (
        <>
          {' · '}
          <span className="font-semibold text-stone-900 dark:text-stone-50">
            <Plural value={unread} one="# unread" other="# unread" />
          </span>
        </>
      ) : null}
    </>
  )
}
