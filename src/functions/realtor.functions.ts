import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { langSchema } from '~/schemas/route-params'
import { createContact, listContacts } from '~/server/contacts/contacts'
import { currentActor, runAction } from '~/server/http/server-fn'
import { findRealtor } from '~/server/realtors/realtors'
import { getServices } from '~/server/services'

/** The public homepage's realtor, or null so the route can answer a real 404. */
export const getPublicRealtor = createServerFn({ method: 'GET' })
  .validator(z.object({ key: z.string().trim().min(1).max(300) }))
  .handler(async ({ data }) => (await findRealtor(await getServices(), data.key)) ?? null)

/** The homepage's contact form; the same use case as `POST /realtor-contacts`. */
export const sendContactMessage = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langSchema, contact: z.unknown() }))
  .handler(async ({ data }) => runAction(data.lang, ({ services }) => createContact(services, data.contact)))

/** The signed-in realtor's messages (the inbox). */
export const listMyMessages = createServerFn({ method: 'GET' })
  .validator(z.object({ lang: langSchema, realtorId: z.string().max(64).optional() }))
  .handler(async ({ data }) => runAction(data.lang, ({ services, actor }) => listContacts(services, actor, { realtorId: data.realtorId })))

/** Whether the signed-in viewer may edit this realtor (owner or admin); never blocks a visitor. */
export const getEditAccess = createServerFn({ method: 'GET' })
  .validator(z.object({ realtorId: z.string().min(1).max(64) }))
  .handler(async ({ data }) => {
    const services = await getServices()
    const actor = await currentActor(services).catch(() => null)
    if (!actor) return { canEdit: false }
    if (actor.isAdmin) return { canEdit: true }
    const owned = await services.db
      .selectFrom('realtor')
      .select('id')
      .where('id', '=', data.realtorId)
      .where('userId', '=', actor.userId)
      .executeTakeFirst()
    return { canEdit: Boolean(owned) }
  })
