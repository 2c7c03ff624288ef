import { createServerFn } from '@tanstack/react-start'
import { openHouseInputSchema, openHouseListQuerySchema } from '~/schemas/open-houses'
import { errors } from '~/server/app-error'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { createRealtorOpenHouse, deleteRealtorOpenHouse, listRealtorOpenHouses } from '~/server/open-houses/realtor-open-houses'
import { getServices } from '~/server/process-services'
import type { AppServices } from '~/server/services'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * The workspace's open houses (issue 26 item 5): the same use cases and schemas as
 * `GET`/`POST /open-houses` and `DELETE /open-houses/{id}`.
 */

async function signedIn(services: AppServices) {
  const actor = await currentActor(services)
  if (!actor) throw errors.unauthorized()
  return actor
}

export const listMyOpenHouses = createServerFn({ method: 'GET' })
  .validator(parseWith(openHouseListQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return listRealtorOpenHouses(services, await signedIn(services), data)
  })

export const addOpenHouse = createServerFn({ method: 'POST' })
  .validator(parseWith(openHouseInputSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return createRealtorOpenHouse(services, await signedIn(services), data)
  })

export const removeOpenHouse = createServerFn({ method: 'POST' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deleteRealtorOpenHouse(services, await signedIn(services), data)
  })
