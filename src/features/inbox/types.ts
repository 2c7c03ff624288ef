import type { ContactMessage, ContactStatus, MessagePage } from '~/schemas/inbox'

/* The inbox's types, from the schemas the server function answers with (`src/schemas/inbox.ts`). */
export type InboxPage = MessagePage
export type InboxMessage = ContactMessage
export type MessageStatus = ContactStatus
