import { createServerFn } from '@tanstack/react-start'
import { isReservedPath } from '~/lib/reserved-paths'
import { desiredUrlSchema } from '~/schemas/realtor-fields'
import { desiredUrlCheckSchema, realtorInputSchema, realtorKeySchema, realtorUpdateRequestSchema, type DesiredUrlStatus } from '~/schemas/realtor'
import { presignRequestSchema } from '~/schemas/uploads'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { canEditRealtor } from '~/server/realtors/edit-access'
import { createRealtor, deleteRealtor, findRealtor, isDesiredUrlAvailable, ownedRealtor, updateRealtor } from '~/server/realtors/realtors'
import { presignUploads } from '~/server/uploads/presign'
import { getServices } from '~/server/process-services'
import { recordIdRequestSchema } from '~/schemas/record-id'

/** The public homepage's realtor, or null so the route can answer a real 404. */
export const getPublicRealtor = createServerFn({ method: 'GET' })
  .validator(parseWith(realtorKeySchema))
  .handler(async ({ data }) => (await findRealtor(await getServices(), data.key)) ?? null)

/** Whether the signed-in viewer may edit this realtor (owner or admin); never blocks a visitor. */
export const getEditAccess = createServerFn({ method: 'GET' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    const actor = await currentActor(services).catch(() => null)
    return { canEdit: await canEditRealtor(services, actor, data.id) }
  })

/** The whole realtor for the editor (owner or admin), hidden reviews included. */
export const getOwnRealtor = createServerFn({ method: 'GET' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return ownedRealtor(services, await currentActor(services), data.id)
  })

/** Create, change and delete through the same use cases as the REST API (issue 3 §4). */
export const createMyRealtor = createServerFn({ method: 'POST' })
  .validator(parseWith(realtorInputSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return createRealtor(services, await currentActor(services), data)
  })

export const updateMyRealtor = createServerFn({ method: 'POST' })
  .validator(parseWith(realtorUpdateRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return updateRealtor(services, await currentActor(services), data.id, data.realtor)
  })

export const deleteMyRealtor = createServerFn({ method: 'POST' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deleteRealtor(services, await currentActor(services), data.id)
  })

export const presignPhotoUploads = createServerFn({ method: 'POST' })
  .validator(parseWith(presignRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return presignUploads(services, await currentActor(services), data)
  })

/** The onboarding wizard's live check: free, taken, reserved or invalid. */
export const checkDesiredUrl = createServerFn({ method: 'GET' })
  .validator(parseWith(desiredUrlCheckSchema))
  .handler(async ({ data }): Promise<DesiredUrlStatus> => {
    const parsed = desiredUrlSchema.safeParse(data.desiredUrl)
    if (!parsed.success) return { status: isReservedPath(data.desiredUrl.trim()) ? 'reserved' : 'invalid' }
    const free = await isDesiredUrlAvailable(await getServices(), parsed.data, data.exceptId)
    return { status: free ? 'available' : 'taken' }
  })
