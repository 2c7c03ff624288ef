import { env } from '~/server/config/env'
import type { AppServices } from '~/server/services'
import { PageStore } from './page-store'
import { realtorRevisions } from './revisions'

let store: PageStore | undefined

/** This process's store of public pages and API reads, sized and timed by the environment. */
export function publicStore(services: AppServices): PageStore {
  const config = env()
  store ??= new PageStore({
    maxBytes: Math.round(config.PAGE_STORE_MB * 1024 * 1024),
    revisions: () => services.revisions.current(),
    realtorRevisions: (ids) => realtorRevisions(services.db, ids),
    cacheControl: { sMaxAge: config.PAGE_CACHE_S_MAXAGE, staleWhileRevalidate: config.PAGE_CACHE_STALE_WHILE_REVALIDATE },
  })
  return store
}
