import { createServerFn } from '@tanstack/react-start'
import { cmaCreateSchema, cmaListQuerySchema } from '~/schemas/cma/cma'
import { cmaPatchRequestSchema, cmaSendCallSchema, cmaShareCreateRequestSchema, sharedCmaRequestSchema } from '~/schemas/cma-requests'
import { recordIdRequestSchema } from '~/schemas/record-id'
import { errors } from '~/server/app-error'
import { createCma, deleteCma, getCma, listCmas, patchCma } from '~/server/cma/cmas'
import { sendCmaToLead } from '~/server/cma/cma-send'
import { getSharedReport, revokeCmaShare, shareCma } from '~/server/cma/cma-share'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'
import { sellerLeadHome } from '~/server/seller-leads/seller-lead-home'
import type { AppServices } from '~/server/services'

/*
 * The workspace's market analysis tab (issue 53): the same use cases and schemas as the REST
 * API's `/cmas` endpoints; the use cases check who may. And the share page's one public read.
 */

async function signedIn(services: AppServices) {
  const actor = await currentActor(services)
  if (!actor) throw errors.unauthorized()
  return actor
}

export const listMyCmas = createServerFn({ method: 'GET' })
  .validator(parseWith(cmaListQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return listCmas(services, await signedIn(services), data)
  })

export const readMyCma = createServerFn({ method: 'GET' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return getCma(services, await signedIn(services), data.id)
  })

export const startCma = createServerFn({ method: 'POST' })
  .validator(parseWith(cmaCreateSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return createCma(services, await signedIn(services), data)
  })

export const saveCma = createServerFn({ method: 'POST' })
  .validator(parseWith(cmaPatchRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return patchCma(services, await signedIn(services), data.id, data.patch)
  })

export const removeCma = createServerFn({ method: 'POST' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deleteCma(services, await signedIn(services), data.id)
  })

export const shareMyCma = createServerFn({ method: 'POST' })
  .validator(parseWith(cmaShareCreateRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return shareCma(services, await signedIn(services), data.id, data.share)
  })

export const revokeMyCmaShare = createServerFn({ method: 'POST' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return revokeCmaShare(services, await signedIn(services), data.id)
  })

export const sendMyCma = createServerFn({ method: 'POST' })
  .validator(parseWith(cmaSendCallSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return sendCmaToLead(services, await signedIn(services), data.id, data.send)
  })

/** A seller lead's home and estimate, for a CMA started from it. */
export const readSellerLeadHome = createServerFn({ method: 'GET' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return sellerLeadHome(services, await currentActor(services), data)
  })

/** The share page's report; null for a token unknown, revoked or expired (the page answers the site's 404). */
export const readSharedCma = createServerFn({ method: 'GET' })
  .validator(parseWith(sharedCmaRequestSchema))
  .handler(async ({ data }) => (await getSharedReport(await getServices(), data.token, data.lang)) ?? null)
