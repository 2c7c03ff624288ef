import { createServerFn } from '@tanstack/react-start'
import { savedSearchTokenSchema, type SavedSearchView } from '~/schemas/saved-search'
import { isAppError } from '~/server/app-error'
import { parseWith } from '~/server/http/server-fn'
import { readByConfirmToken, readByManageToken } from '~/server/saved-searches/subscriptions'
import { getServices } from '~/server/process-services'

/*
 * The visitor's saved-search pages (issue 13): what a link from their mail names. A bad or
 * expired link is an answer the page shows (its message id), not an error page.
 */

export type SavedSearchLookup = { ok: true; view: SavedSearchView } | { ok: false; message: string }

async function lookup(read: () => Promise<SavedSearchView>): Promise<SavedSearchLookup> {
  try {
    return { ok: true, view: await read() }
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, message: error.descriptor.id }
    throw error
  }
}

/** The confirm page: the search a confirmation link names. */
export const readConfirmLink = createServerFn({ method: 'GET' })
  .validator(parseWith(savedSearchTokenSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return lookup(() => readByConfirmToken(services, data))
  })

/** The manage page: the search a manage link names. */
export const readManageLink = createServerFn({ method: 'GET' })
  .validator(parseWith(savedSearchTokenSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return lookup(() => readByManageToken(services, data))
  })
