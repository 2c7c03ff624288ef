import type { listMyMessages } from '~/functions/realtor.functions'

/*
 * The inbox's message type, read off the server function's result so the browser code never
 * imports a server module (the build refuses that) and can never drift from what is sent.
 */
type ListMessagesResult = Awaited<ReturnType<typeof listMyMessages>>

export type InboxPage = Extract<ListMessagesResult, { ok: true }>['data']
export type InboxMessage = InboxPage['messages'][number]
export type MessageStatus = InboxMessage['status']
