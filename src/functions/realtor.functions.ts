import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { langSchema } from '~/schemas/lang'
import { listContacts } from '~/server/contacts/contacts'
import { canManage } from '~/server/auth/actor'
import { currentActor, runAction } from '~/server/http/server-fn'
import { isReservedPath } from '~/lib/reserved-paths'
import { desiredUrlSchema } from '~/schemas/realtor-fields'
import { createRealtor, deleteRealtor, findRealtor, isDesiredUrlAvailable, updateRealtor } from '~/server/realtors/realtors'
import { presignUploads } from '~/server/uploads/presign'
import { getServices } from '~/server/services'

/** The public homepage's realtor, or null so the route can answer a real 404. */
export const getPublicRealtor = createServerFn({ method: 'GET' })
  .validator(z.object({ key: z.string().trim().min(1).max(300) }))
  .handler(async ({ data }) => (await findRealtor(await getServices(), data.key)) ?? null)

/** The signed-in realtor's messages (the inbox). */
export const listMyMessages = createServerFn({ method: 'GET' })
  .validator(z.object({ lang: langSchema, realtorId: z.string().max(64).optional(), cursor: z.string().max(200).optional(), limit: z.number().int().optional() }))
  .handler(async ({ data }) =>
    runAction(data.lang, ({ services, actor }) => listContacts(services, actor, { realtorId: data.realtorId, cursor: data.cursor, limit: data.limit })),
  )

/** Whether the signed-in viewer may edit this realtor (owner or admin); never blocks a visitor. */
export const getEditAccess = createServerFn({ method: 'GET' })
  .validator(z.object({ realtorId: z.string().min(1).max(64) }))
  .handler(async ({ data }) => {
    const services = await getServices()
    const actor = await currentActor(services).catch(() => null)
    if (!actor) return { canEdit: false }
    const realtor = await services.db.selectFrom('realtor').select('userId').where('id', '=', data.realtorId).executeTakeFirst()
    return { canEdit: realtor !== undefined && canManage(actor, realtor) }
  })

/** Create, change and delete through the same use cases as the REST API (issue 3 §4). */
export const createMyRealtor = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langSchema, realtor: z.unknown() }))
  .handler(async ({ data }) => runAction(data.lang, ({ services, actor }) => createRealtor(services, actor, data.realtor)))

export const updateMyRealtor = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langSchema, id: z.string().min(1).max(64), patch: z.unknown() }))
  .handler(async ({ data }) => runAction(data.lang, ({ services, actor }) => updateRealtor(services, actor, data.id, data.patch)))

export const deleteMyRealtor = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langSchema, id: z.string().min(1).max(64) }))
  .handler(async ({ data }) => runAction(data.lang, ({ services, actor }) => deleteRealtor(services, actor, data.id)))

export const presignPhotoUploads = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langSchema, files: z.unknown() }))
  .handler(async ({ data }) =>
    runAction(data.lang, ({ services, actor }) => presignUploads(services, actor, { files: data.files })),
  )

/** The onboarding wizard's live check: free, taken, reserved or invalid. */
export const checkDesiredUrl = createServerFn({ method: 'GET' })
  .validator(z.object({ desiredUrl: z.string().max(100), exceptId: z.string().max(64).optional() }))
  .handler(async ({ data }) => {
    const parsed = desiredUrlSchema.safeParse(data.desiredUrl)
    if (!parsed.success) {
      return { status: isReservedPath(data.desiredUrl.trim()) ? ('reserved' as const) : ('invalid' as const) }
    }
    const free = await isDesiredUrlAvailable(await getServices(), parsed.data, data.exceptId)
    return { status: free ? ('available' as const) : ('taken' as const) }
  })
