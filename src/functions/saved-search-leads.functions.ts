import { createServerFn } from '@tanstack/react-start'
import { savedSearchListQuerySchema, savedSearchPauseRequestSchema } from '~/schemas/saved-search'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { deleteSavedSearch, listSavedSearches, setSavedSearchPaused } from '~/server/saved-searches/subscriptions'
import { getServices } from '~/server/process-services'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * The inbox's "Saved searches" (issue 13): the signed-in realtor's confirmed saved searches,
 * pausing, resuming and deleting them. The schemas are those of `GET /saved-searches` and
 * `PATCH`/`DELETE /saved-searches/{id}`; the use cases check who may. Apart from the visitor's
 * link pages (saved-searches.functions.ts), which never need these.
 */

/** One page of the signed-in realtor's saved searches (an admin may name any realtor). */
export const listMySavedSearches = createServerFn({ method: 'GET' })
  .validator(parseWith(savedSearchListQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return listSavedSearches(services, await currentActor(services), data)
  })

/** Pauses (no alerts) or resumes one search. */
export const pauseMySavedSearch = createServerFn({ method: 'POST' })
  .validator(parseWith(savedSearchPauseRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return setSavedSearchPaused(services, await currentActor(services), data)
  })

/** Deletes one search for good, e.g. when the visitor asked the realtor to delete their data. */
export const deleteMySavedSearch = createServerFn({ method: 'POST' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deleteSavedSearch(services, await currentActor(services), data)
  })
