import { AsyncLocalStorage } from 'node:async_hooks'
import { LRUCache } from 'lru-cache'
import { normalizeHost } from '~/lib/host-environment'
import { env } from '~/server/config/env'
import { isOurHost, ourHostsFrom } from '~/server/config/our-hosts'
import { getServices } from '~/server/process-services'

/** The realtor whose own domain the current request came in on (set by the middleware). */
const ownDomainStore = new AsyncLocalStorage<string>()

export function runOnOwnDomain<T>(desiredUrl: string, run: () => T): T {
  return ownDomainStore.run(desiredUrl, run)
}

export function currentOwnDomain(): string | undefined {
  return ownDomainStore.getStore()
}

export type HostKind = { kind: 'ours' } | { kind: 'realtor'; desiredUrl: string } | { kind: 'unknown' }

type CachedHost = { value: HostKind; realtorsRevision: number }

/**
 * Answers per host, each valid while no realtor has been written since ('realtors' revision,
 * decision 009): a realtor who sets or drops a domain is seen at the next request. Bounded
 * (HOST_LOOKUP_CACHE_ENTRIES), as the Host header is whatever a client sends.
 */
let cache: LRUCache<string, CachedHost> | undefined

/** Made at the first request, when the settings (HOST_LOOKUP_CACHE_ENTRIES) are read. */
function hostCache(): LRUCache<string, CachedHost> {
  cache ??= new LRUCache<string, CachedHost>({ max: env().HOST_LOOKUP_CACHE_ENTRIES })
  return cache
}

/**
 * Ours, a realtor's own domain, or nobody's. Our hosts: localhost and ports 300x (spec §9),
 * PRODUCT_HOSTS and the host of PUBLIC_URL. When neither is configured, an unknown host is
 * treated as ours, so a fresh install behind any name keeps working.
 */
export async function classifyHost(rawHost: string | null): Promise<HostKind> {
  const host = normalizeHost(rawHost ?? '')
  if (!host) return { kind: 'ours' }
  const ours = ourHostsFrom(env())
  if (isOurHost(host, ours)) return { kind: 'ours' }
  const services = await getServices()
  const { realtors: realtorsRevision } = await services.revisions.current()
  const cached = hostCache().get(host)
  if (cached && cached.realtorsRevision === realtorsRevision) return cached.value
  const realtor = await services.db
    .selectFrom('realtor')
    .select('desiredUrl')
    .where('hompageHost', '=', host)
    .where('isMakeHomepage', '=', 'Y')
    .executeTakeFirst()
  const value: HostKind = realtor ? { kind: 'realtor', desiredUrl: realtor.desiredUrl } : ours.productHosts.length > 0 ? { kind: 'unknown' } : { kind: 'ours' }
  hostCache().set(host, { value, realtorsRevision })
  return value
}
