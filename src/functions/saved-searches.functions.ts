import { createServerFn } from '@tanstack/react-start'
import { savedSearchTokenSchema, type SavedSearchView } from '~/schemas/saved-search'
import { lookupByLink, parseWith, type LinkLookup } from '~/server/http/server-fn'
import { readByConfirmToken, readByManageToken } from '~/server/saved-searches/subscriptions'
import { getServices } from '~/server/process-services'

/*
 * The visitor's saved-search pages (issue 13): what a link from their mail names. A bad or
 * expired link is an answer the page shows (its message id), not an error page.
 */

export type SavedSearchLookup = LinkLookup<SavedSearchView>

/** The confirm page: the search a confirmation link names. */
export const readConfirmLink = createServerFn({ method: 'GET' })
  .validator(parseWith(savedSearchTokenSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return lookupByLink(() => readByConfirmToken(services, data))
  })

/** The manage page: the search a manage link names. */
export const readManageLink = createServerFn({ method: 'GET' })
  .validator(parseWith(savedSearchTokenSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return lookupByLink(() => readByManageToken(services, data))
  })
