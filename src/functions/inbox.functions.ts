import { createServerFn } from '@tanstack/react-start'
import { messageListQuerySchema, messageStatusRequestSchema } from '~/schemas/inbox'
import { deleteContact, listContacts, updateContactStatus } from '~/server/inbox/contacts'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * The inbox: the signed-in realtor's messages, marking and deleting them. The schemas are those
 * of `GET /realtor-contacts` and `PATCH`/`DELETE /realtor-contacts/{id}`; the use cases check who may.
 */

/** One page of the signed-in realtor's messages (an admin may name any realtor). */
export const listMessages = createServerFn({ method: 'GET' })
  .validator(parseWith(messageListQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return listContacts(services, await currentActor(services), data)
  })

/** Marks a message read when it is opened and handled when the realtor says so. */
export const markMessage = createServerFn({ method: 'POST' })
  .validator(parseWith(messageStatusRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return updateContactStatus(services, await currentActor(services), data)
  })

/** Deletes a message completely, e.g. when the visitor asked the realtor to delete their data. */
export const deleteMessage = createServerFn({ method: 'POST' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deleteContact(services, await currentActor(services), data)
  })
