import { createServerFn } from '@tanstack/react-start'
import { tourConfirmRequestSchema, tourReceiptRequestSchema, tourRequestListQuerySchema } from '~/schemas/tours'
import { readTourReceipt } from '~/server/tours/tour-receipt'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'
import { cancelTourRequest, confirmTourRequest, listTourRequests } from '~/server/tours/tour-requests'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * The inbox's "Tour requests" (issue 26 item 4): the signed-in realtor's requests, confirming a
 * time or proposing another, and cancelling. The schemas are those of the REST endpoints; the
 * use cases check who may.
 */

export const listMyTourRequests = createServerFn({ method: 'GET' })
  .validator(parseWith(tourRequestListQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return listTourRequests(services, await currentActor(services), data)
  })

export const confirmMyTourRequest = createServerFn({ method: 'POST' })
  .validator(parseWith(tourConfirmRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return confirmTourRequest(services, await currentActor(services), data)
  })

export const cancelMyTourRequest = createServerFn({ method: 'POST' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return cancelTourRequest(services, await currentActor(services), data)
  })

/** The tour status page's receipt (issue 51 item 5): a request shown back to its sender, by its id. */
export const readMyTourReceipt = createServerFn({ method: 'GET' })
  .validator(parseWith(tourReceiptRequestSchema))
  .handler(async ({ data }) => readTourReceipt(await getServices(), data.id))
