import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { deleteMessage, markMessage } from '~/functions/inbox.functions'
import { dateTimeFormat } from '~/lib/date-time-format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { afterMessageDeleted, afterMessageMarked, afterMessageMarkFailed, whileMessageMarked } from '~/queries/changes'
import { inboxMessagesQuery } from '~/queries/inbox'
import { CsvExportLink, leadCsvPath } from './csv-export-link'
import { DeleteLeadDialog, useLeadDeletion } from './delete-lead-dialog'
import { LeadListPanel, useLeadActions, useLeadList } from './lead-list'
import { InboxSummary, MessageList } from './message-list'
import type { InboxMessage, MessageStatus } from './types'

/** Messages per page of the inbox. */
const INBOX_PAGE_SIZE = 50

/**
 * The realtor's leads inbox (issue 5 item 6): messages newest first, unread ones marked and
 * announced, opened messages marked read, a handled toggle, reply and call links, and a CSV
 * export. Server errors stay in the panel's alert region, beside what failed; successes are
 * toasts.
 */
export function InboxPanel({ realtorId, lang }: { realtorId: string; lang: Lang }) {
  const { t } = useLingui()
  const { headingId, queryClient, toast, actionError, clearError, showError } = useLeadActions()
  const listQuery = inboxMessagesQuery(realtorId, { limit: INBOX_PAGE_SIZE })
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())

  // Newest first, a page at a time (issue 17): "Show older messages" reaches every one.
  const messagesQuery = useInfiniteQuery({
    ...listQuery,
    staleTime: 30_000,
    // A 401/403 will not change by asking again; a network failure gets a "Try again" button.
    retry: false,
  })

  const dateTime = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' })
  const dateOnly = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'long' })

  const statusMutation = useMutation({
    mutationFn: (input: { id: string; status: MessageStatus; previous: MessageStatus }) => markMessage({ data: { id: input.id, status: input.status } }),
    onMutate: async (input) => {
      clearError()
      // Optimistic: the badge changes at once; a failure puts the old status back.
      await whileMessageMarked(queryClient, { realtorId, id: input.id, status: input.status })
    },
    onSuccess: (updated, input) => {
      afterMessageMarked(queryClient, realtorId, updated)
      // Opening a message marks it read silently; only the explicit toggle gets a notice.
      if (input.status === 'handled') toast.success(t`Marked as handled`)
      else if (input.previous === 'handled') toast.success(t`Marked as not handled`)
    },
    onError: (error, input) => {
      afterMessageMarkFailed(queryClient, { realtorId, id: input.id, previous: input.previous })
      showError(error)
    },
  })

  // Deleting is for good (a visitor's request to delete their data): the realtor types the
  // sender's e-mail address to confirm, as the other deletes of the workspace do.
  const deletion = useLeadDeletion(
    (message: InboxMessage) => deleteMessage({ data: { id: message.id } }),
    async (message) => {
      toast.success(t`Message deleted`)
      await afterMessageDeleted(queryClient, { realtorId, id: message.id })
    },
  )
  const list = useLeadList(messagesQuery, (page) => page.messages, t`Your messages could not be loaded. Check your connection and try again.`)
  const { first: result, rows: messages } = list

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

  return (
    <LeadListPanel
      testId="inbox"
      headingId={headingId}
      heading={<Trans>Messages</Trans>}
      // The whole inbox's counts, as of the first page.
      summary={<InboxSummary messageCount={result?.total ?? 0} unread={result?.unread ?? 0} />}
      exportButton={<CsvExportLink href={leadCsvPath('realtor-contacts', realtorId, lang)} hasRows={messages.length > 0} testId="inbox-export" />}
      list={list}
      actionError={actionError}
      words={{
        loading: <Trans>Loading messages…</Trans>,
        emptyTitle: <Trans>No messages yet</Trans>,
        emptyText: <Trans>When visitors write to you from your homepage, their messages appear here.</Trans>,
        more: <Trans>Show older messages</Trans>,
      }}
      dialog={
        <DeleteLeadDialog
          deletion={deletion}
          words={{
            title: <Trans>Delete this message?</Trans>,
            description: (
              <Trans>
                The message and everything stored with it, its consent record included, will be deleted for good. Copies already sent to your e-mail stay in
                your mailbox. This cannot be undone.
              </Trans>
            ),
            label: (deletingEmail) => (
              <Trans>
                Type the sender's e-mail address <span className="font-mono font-semibold break-all">{deletingEmail}</span> to confirm
              </Trans>
            ),
            confirm: <Trans>Delete message</Trans>,
            failed: t`The message could not be deleted. Check your connection and try again.`,
          }}
          testIdPrefix="inbox"
        />
      }
    >
      <MessageList
        messages={messages}
        isExpanded={(message) => expanded.has(message.id)}
        onToggle={toggle}
        onHandledChange={(message, handled) => statusMutation.mutate({ id: message.id, status: handled ? 'handled' : 'read', previous: message.status })}
        onDelete={deletion.ask}
        formatDateTime={(iso) => dateTime.format(new Date(iso))}
        formatDate={(iso) => dateOnly.format(new Date(iso))}
      />
    </LeadListPanel>
  )
}
