import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { langSchema } from '~/schemas/lang'
import { updateContactStatus } from '~/server/contacts/contacts'
import { contactStatusSchema } from '~/server/contacts/contact-store'
import { runAction } from '~/server/http/server-fn'

/**
 * The inbox marks a message read when it is opened and handled when the realtor says so.
 * Only the realtor the message was sent to (or an admin) may; the use case checks that.
 * (The validator is stripped from the browser build, so the server-side schema import stays on the server.)
 */
export const markMessage = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langSchema, id: z.string().min(1).max(64), status: contactStatusSchema }))
  .handler(async ({ data }) => runAction(data.lang, ({ services, actor }) => updateContactStatus(services, actor, { id: data.id, status: data.status })))
