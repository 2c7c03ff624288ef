import { isOwnHost, normalizeHost } from '~/lib/host-environment'
import type { Env } from './env'

/** The names the operator gave our own site: PRODUCT_HOSTS and the host of PUBLIC_URL, and DEV_HOST. */
export type OurHosts = { productHosts: ReadonlyArray<string>; devHost: string | undefined }

export function ourHostsFrom(config: Pick<Env, 'PRODUCT_HOSTS' | 'PUBLIC_URL' | 'DEV_HOST'>): OurHosts {
  const publicHost = config.PUBLIC_URL ? normalizeHost(config.PUBLIC_URL) : undefined
  return { productHosts: [...config.PRODUCT_HOSTS, ...(publicHost ? [publicHost] : [])], devHost: config.DEV_HOST }
}

/**
 * One of our own hosts (localhost, ports 300x, and the configured ones): the platform's pages
 * answer there, so it is never a realtor's own domain.
 */
export function isOurHost(host: string, ours: OurHosts): boolean {
  return isOwnHost(host, ours)
}
